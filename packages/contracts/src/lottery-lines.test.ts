import { describe, expect, it } from 'vitest';
import { combinations, joinPick, makeLines, splitPick } from './lottery-lines.ts';

describe('lottery line rules (decision 041)', () => {
  it('codes a value at a position as position × 100 + value', () => {
    expect(joinPick(9, 10)).toBe(910);
    expect(splitPick(910)).toEqual({ position: 9, value: 10 });
  });

  it('makes each, combinations, ordered pairs and products by position', () => {
    expect(makeLines({ kind: 'each' }, [5, 2])).toEqual([[5], [2]]);
    expect(combinations([3, 1, 2], 2)).toEqual([
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect(makeLines({ kind: 'pairs' }, [8, 3])).toEqual([
      [3, 8],
      [8, 3],
    ]);
    // 1st: 1 or 2; 2nd: 2; 3rd: 7 → 1-2-7 and 2-2-7; without repeats only 1-2-7.
    const picks = [1, 2, 102, 207];
    expect(makeLines({ kind: 'product', positions: 3, distinct: false }, picks)).toEqual([
      [1, 2, 7],
      [2, 2, 7],
    ]);
    expect(makeLines({ kind: 'product', positions: 3, distinct: true }, picks)).toEqual([[1, 2, 7]]);
    // A position left empty makes no line.
    expect(makeLines({ kind: 'product', positions: 3, distinct: false }, [1, 102])).toEqual([]);
  });
});
