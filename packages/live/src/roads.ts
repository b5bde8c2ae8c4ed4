import type { Winner } from './baccarat.ts';

/**
 * The scoreboards ("roads") of a baccarat shoe, from its results in order. Every road is a grid of 6 rows; cells
 * are given as column and row, both from 0 at the top left.
 */
export const roadRows = 6;

export type BeadCell = { column: number; row: number; winner: Winner };

/** The bead plate: every result, ties included, filling each column top to bottom. */
export function beadPlate(winners: readonly Winner[]): BeadCell[] {
  return winners.map((winner, i) => ({ column: Math.floor(i / roadRows), row: i % roadRows, winner }));
}

export type PlacedCell<T> = { column: number; row: number; value: T };

/**
 * Places runs of equal values the big road's way: a new run starts on the top row, in the column right of the
 * previous run's start (or further right while that top cell is taken); a run goes down until the bottom row or a
 * taken cell, then turns right along its row for good (the "dragon tail").
 */
export function placeRuns<T>(values: readonly T[]): PlacedCell<T>[] {
  const taken = new Set<string>();
  const cells: PlacedCell<T>[] = [];
  let runStart = -1;
  let turned = false;
  for (const [i, value] of values.entries()) {
    let column: number;
    let row: number;
    const last = cells.at(-1);
    if (!last || value !== values[i - 1]) {
      column = runStart + 1;
      while (taken.has(`${column},0`)) column += 1;
      row = 0;
      runStart = column;
      turned = false;
    } else if (!turned && last.row + 1 < roadRows && !taken.has(`${last.column},${last.row + 1}`)) {
      column = last.column;
      row = last.row + 1;
    } else {
      column = last.column + 1;
      row = last.row;
      turned = true;
    }
    taken.add(`${column},${row}`);
    cells.push({ column, row, value });
  }
  return cells;
}

export type BigRoadCell = { column: number; row: number; winner: 'player' | 'banker'; ties: number };

/** The big road's cells and its logical columns (each run's length, dragon tail included). */
export type BigRoad = { cells: BigRoadCell[]; columns: number[] };

/**
 * The big road: player and banker results in runs; a tie is counted on the cell before it (ties before the first
 * player or banker result are counted on the first cell, and are not shown while there is none).
 */
export function bigRoad(winners: readonly Winner[]): BigRoad {
  const decided = winners.filter((w): w is 'player' | 'banker' => w !== 'tie');
  const cells: BigRoadCell[] = placeRuns(decided).map(({ column, row, value }) => ({
    column,
    row,
    winner: value,
    ties: 0,
  }));
  let index = -1;
  let leading = 0;
  for (const winner of winners) {
    if (winner !== 'tie') index += 1;
    else if (index < 0) leading += 1;
    else cells[index]!.ties += 1;
  }
  if (cells[0]) cells[0].ties += leading;
  const columns: number[] = [];
  decided.forEach((winner, i) => {
    if (i > 0 && winner === decided[i - 1]) columns[columns.length - 1]! += 1;
    else columns.push(1);
  });
  return { cells, columns };
}

export type Colour = 'red' | 'blue';

/**
 * A derived road's marks, k = 1 (big eye boy), 2 (small road) or 3 (cockroach pig), from the big road's column
 * lengths. Each player or banker result at column c, row r (its place in the run) adds a mark:
 * - r = 0 (a new column): red if columns c − 1 and c − 1 − k are as long, else blue; from column k + 1 on;
 * - r ≥ 1: red if column c − k has a cell at row r, blue if it ends at row r − 1, red if it ends before; from
 *   column k on.
 */
export function derivedMarks(columns: readonly number[], k: 1 | 2 | 3): Colour[] {
  const marks: Colour[] = [];
  columns.forEach((length, c) => {
    for (let r = 0; r < length; r++) {
      if (r === 0) {
        if (c >= k + 1) marks.push(columns[c - 1] === columns[c - 1 - k] ? 'red' : 'blue');
      } else if (c >= k) {
        marks.push(columns[c - k] === r ? 'blue' : 'red');
      }
    }
  });
  return marks;
}

export type DerivedCell = PlacedCell<Colour>;

export const bigEyeBoy = (winners: readonly Winner[]): DerivedCell[] =>
  placeRuns(derivedMarks(bigRoad(winners).columns, 1));
export const smallRoad = (winners: readonly Winner[]): DerivedCell[] =>
  placeRuns(derivedMarks(bigRoad(winners).columns, 2));
export const cockroachPig = (winners: readonly Winner[]): DerivedCell[] =>
  placeRuns(derivedMarks(bigRoad(winners).columns, 3));
