/**
 * Where each inside bet sits on the roulette layout. The layout is 0 above rows of three (1-2-3 … 34-35-36), and a
 * point on it is given in half-cells: `x` across a row (0 = the outer edge by 1, 4, 7 …; 1, 3, 5 = the three
 * numbers' centres; 2, 4 = the lines between them), `y` down the layout (1 = the zero, 2 = the line under it, then
 * row k's centre at 2k + 1 and the lines between rows at even y). A chip put down at a point covers the numbers
 * whose cells touch it, and how many they are names the bet: on a line between two numbers a split, on the outer
 * edge of a row a street, where four numbers meet a corner, on the outer edge between two rows a six line; at the
 * zero the trios 0-1-2 and 0-2-3 and the first four 0-1-2-3 come out of the same rule.
 */

/** The half-cell grid's size: x 0–6 (6, the far edge, takes no bets), y 0–26 (0 and 26, the ends, take none). */
export const layoutWidth = 6;
export const layoutHeight = 26;

export type LayoutPoint = { x: number; y: number };

export type InsideKind = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';

const kindByCount: Record<number, InsideKind> = {
  1: 'straight',
  2: 'split',
  3: 'street',
  4: 'corner',
  6: 'sixLine',
};

/** The number in a row (0 = the zero's row) and place across (1–3). */
const numberAt = (row: number, across: number) => (row === 0 ? 0 : 3 * (row - 1) + across);

/** The places across (1–3) and rows (0–12) whose cells touch a point; empty off the layout's betting area. */
export function cellsAt({ x, y }: LayoutPoint): { across: number[]; rows: number[] } {
  const none = { across: [], rows: [] };
  if (
    !Number.isInteger(x) ||
    !Number.isInteger(y) ||
    x < 0 ||
    x >= layoutWidth ||
    y <= 0 ||
    y >= layoutHeight
  )
    return none;
  // The outer edge by 1, 4, 7 … touches the whole row (a street, or two rows: a six line).
  const across = x === 0 ? [1, 2, 3] : x % 2 === 1 ? [(x + 1) / 2] : [x / 2, x / 2 + 1];
  const rows = y % 2 === 1 ? [(y - 1) / 2] : [y / 2 - 1, y / 2];
  return { across, rows };
}

/** The numbers a chip at this point covers, ascending (the zero's one cell spans the row, so it counts once). */
export function numbersAt(point: LayoutPoint): number[] {
  const { across, rows } = cellsAt(point);
  const numbers = new Set<number>();
  for (const row of rows) for (const a of across) numbers.add(numberAt(row, a));
  return [...numbers].sort((a, b) => a - b);
}

/**
 * The spot code of a chip at this point (`split-17-20`, `street-0-1-2`, `sixLine-1-2-3-4-5-6`: the kind, then the
 * numbers ascending, as the server reads them), or undefined where the layout takes no bet (the zero's outer edge,
 * the far edge and the ends).
 */
export function spotAt(point: LayoutPoint): string | undefined {
  const numbers = numbersAt(point);
  const kind = kindByCount[numbers.length];
  if (!kind) return undefined;
  // On the outer edge only streets, six lines and the first four: a lone zero there is not a bet.
  if (point.x === 0 && kind === 'straight') return undefined;
  return `${kind}-${numbers.join('-')}`;
}

/** A chip spot on the lines between the numbers, with the cells it spans (to place it on the page). */
export type LineSpot = {
  code: string;
  kind: Exclude<InsideKind, 'straight'>;
  point: LayoutPoint;
  /** The places across (1–3) and rows (0 = zero, 1–12) of the block of cells it sits in. */
  across: [number, number];
  rows: [number, number];
  /** It sits on the block's outer edge by 1, 4, 7 … (streets, six lines, the first four), not at its centre. */
  edge: boolean;
};

/**
 * Every inside bet that is not a straight, in reading order down the layout (the keyboard's order): each point
 * between cells with the bet it names. Straights are the number cells themselves.
 */
export function lineSpots(): LineSpot[] {
  const spots: LineSpot[] = [];
  for (let y = 1; y < layoutHeight; y++)
    for (let x = 0; x < layoutWidth; x++) {
      const code = spotAt({ x, y });
      if (!code || code.startsWith('straight-')) continue;
      const { across, rows } = cellsAt({ x, y });
      spots.push({
        code,
        kind: code.split('-')[0] as LineSpot['kind'],
        point: { x, y },
        across: [Math.min(...across), Math.max(...across)],
        rows: [Math.min(...rows), Math.max(...rows)],
        edge: x === 0,
      });
    }
  return spots;
}
