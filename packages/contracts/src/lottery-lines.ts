/**
 * How a lottery bet's picks make its lines (docs/decisions/041-lottery-families.md): plain functions without zod,
 * shared by the engine (packages/lottery, which settles each line) and the betting page (which counts them for the
 * slip), so both always agree.
 *
 * A pick is an integer. Where a bet type has positions (digits of a draw, places of a race), a pick names a value
 * at a position as `position × 100 + value` (`positionStride`).
 */

export const positionStride = 100;

export type LineRule =
  /** Every pick is a line of its own. */
  | { kind: 'each' }
  /** Every k-combination of the picks is a line (sorted ascending). */
  | { kind: 'combos'; k: number }
  /**
   * One value per position: every way to take one picked value from each position, in position order; `distinct`
   * drops lines naming one value twice (a draw without repeats).
   */
  | { kind: 'product'; positions: number; distinct: boolean }
  /** Every ordered pair of two different picks (group-3: the first value twice, the second once). */
  | { kind: 'pairs' };

/** A position-coded pick as its position and value. */
export function splitPick(pick: number): { position: number; value: number } {
  return { position: Math.floor(pick / positionStride), value: pick % positionStride };
}

export function joinPick(position: number, value: number): number {
  return position * positionStride + value;
}

/** Every k-combination of the values, ascending. */
export function combinations(values: readonly number[], k: number): number[][] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === k) {
      out.push([...current]);
      return;
    }
    for (let i = start; i <= sorted.length - (k - current.length); i++) {
      current.push(sorted[i] as number);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return out;
}

/** The lines a selection makes under a rule. A selection that makes no line is refused (lottery_pick_count). */
export function makeLines(rule: LineRule, picks: readonly number[]): number[][] {
  switch (rule.kind) {
    case 'each':
      return picks.map((p) => [p]);
    case 'combos':
      return combinations(picks, rule.k);
    case 'pairs': {
      const sorted = [...picks].sort((a, b) => a - b);
      return sorted.flatMap((a) => sorted.filter((b) => b !== a).map((b) => [a, b]));
    }
    case 'product': {
      const rows = Array.from({ length: rule.positions }, (_, position) =>
        picks
          .map(splitPick)
          .filter((p) => p.position === position)
          .map((p) => p.value)
          .sort((a, b) => a - b),
      );
      let lines: number[][] = [[]];
      for (const row of rows) lines = lines.flatMap((line) => row.map((value) => [...line, value]));
      return rule.distinct ? lines.filter((line) => new Set(line).size === line.length) : lines;
    }
  }
}
