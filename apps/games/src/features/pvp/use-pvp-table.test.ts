import type { PvpTableState } from '@tala/contracts/pvp';
import { describe, expect, it } from 'vitest';
import { isNewer } from './use-pvp-table.ts';

const state = (handNo: number | null, seq = 0) =>
  ({ hand: handNo === null ? null : { handNo, seq } }) as unknown as PvpTableState;

describe('the table state kept by the page', () => {
  it('takes a later hand or a later move of the same hand, never an older answer', () => {
    expect(isNewer(undefined, state(1))).toBe(true);
    expect(isNewer(state(3, 4), state(3, 5))).toBe(true);
    expect(isNewer(state(3, 4), state(3, 4))).toBe(true);
    expect(isNewer(state(3, 5), state(3, 4))).toBe(false);
    expect(isNewer(state(3, 9), state(4, 0))).toBe(true);
    expect(isNewer(state(4, 0), state(3, 9))).toBe(false);
    // No hand on either side (seats changed between hands): the answer is taken.
    expect(isNewer(state(null), state(2))).toBe(true);
    expect(isNewer(state(2), state(null))).toBe(true);
  });
});
