import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { favouriteCodes, useLotteryFavourites } from './favourites.ts';

describe('lottery favourites kept per username', () => {
  beforeEach(() => localStorage.clear());

  it('keeps each username’s favourites apart, and a visitor’s under guest', () => {
    const ana = renderHook(() => useLotteryFavourites('ana'));
    act(() => ana.result.current.toggle('VNN1'));
    act(() => ana.result.current.toggle('VNS3'));
    expect(ana.result.current.codes).toEqual(['VNN1', 'VNS3']);
    act(() => ana.result.current.toggle('VNN1'));
    expect(ana.result.current.codes).toEqual(['VNS3']);
    expect(favouriteCodes('ben')).toEqual([]);
    expect(favouriteCodes(null)).toEqual([]);
    expect(localStorage.getItem('lotteryFavourites:ana')).toBe('["VNS3"]');
  });

  it('reads broken storage as no favourites', () => {
    localStorage.setItem('lotteryFavourites:ana', '{oops');
    expect(favouriteCodes('ana')).toEqual([]);
    localStorage.setItem('lotteryFavourites:ana', '[1,"VNN5"]');
    expect(favouriteCodes('ana')).toEqual(['VNN5']);
  });
});
