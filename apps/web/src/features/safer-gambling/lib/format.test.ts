import { describe, expect, it } from 'vitest';
import { clock, signed } from './format.ts';

describe('the reality check and statement formats', () => {
  it('puts the sign before the currency symbol', () => {
    const peso = (minor: number) => `P${minor / 100}`;
    expect(signed(-400, peso)).toBe('-P4');
    expect(signed(250, peso)).toBe('+P2.5');
    expect(signed(0, peso)).toBe('P0');
  });

  it('shows a session time as h:mm:ss', () => {
    expect(clock(0)).toBe('0:00:00');
    expect(clock(15_999)).toBe('0:00:15');
    expect(clock(3_600_000 + 61_000)).toBe('1:01:01');
    expect(clock(-5)).toBe('0:00:00');
  });
});
