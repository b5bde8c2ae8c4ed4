import { moneyDisplay } from '@tala/contracts/money-format';
import { describe, expect, it } from 'vitest';
import { rememberMerchantMoney } from '../../../lib/money.ts';
import { betsText, parseBets, parseRtp, parseWhole } from './room-settings.ts';

describe('a fish room’s settings as typed', () => {
  it('reads the bets: amounts separated by spaces, smallest first, at most eight', () => {
    expect(parseBets('1.00 2 5.50')).toEqual([100, 200, 550]);
    expect(parseBets('1,000.00;2,000')).toEqual([100_000, 200_000]);
    expect(parseBets(betsText([100, 200, 500, 1000]))).toEqual([100, 200, 500, 1000]);
    expect(parseBets('')).toBeNull();
    expect(parseBets('2 1')).toBeNull();
    expect(parseBets('1 1')).toBeNull();
    expect(parseBets('0')).toBeNull();
    expect(parseBets('1.005')).toBeNull();
    expect(parseBets('1 2 3 4 5 6 7 8 9')).toBeNull();
  });

  it('reads and shows a dong merchant’s bets in dong, without decimals', () => {
    rememberMerchantMoney([{ code: 'vn', money: moneyDisplay({ currency: 'VND' }) }]);
    expect(betsText([1_000, 50_000], 'vn')).toBe('1,000 50,000');
    expect(parseBets('1,000 50000', 'vn')).toEqual([1_000, 50_000]);
    expect(parseBets('1000.5', 'vn')).toBeNull();
  });

  it('reads the return in percent as basis points, from 90% to 98%', () => {
    expect(parseRtp('96')).toBe(9600);
    expect(parseRtp('96.55')).toBe(9655);
    expect(parseRtp('90.00')).toBe(9000);
    expect(parseRtp('98.01')).toBeNull();
    expect(parseRtp('89.99')).toBeNull();
    expect(parseRtp('96.555')).toBeNull();
  });

  it('reads whole numbers within bounds', () => {
    expect(parseWhole('5', { min: 1, max: 10 })).toBe(5);
    expect(parseWhole('11', { min: 1, max: 10 })).toBeNull();
    expect(parseWhole('2.5', { min: 1, max: 10 })).toBeNull();
  });
});
