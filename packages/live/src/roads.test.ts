import { describe, expect, it } from 'vitest';
import type { Winner } from './baccarat.ts';
import { beadPlate, bigEyeBoy, bigRoad, cockroachPig, derivedMarks, placeRuns, smallRoad } from './roads.ts';

const letters: Record<string, Winner> = { B: 'banker', P: 'player', T: 'tie' };
const shoe = (text: string): Winner[] => [...text.replaceAll(' ', '')].map((c) => letters[c]!);

/** A road as 6 text rows, one letter per column ('.' for an empty cell). */
function grid(cells: { column: number; row: number; letter: string }[]): string[] {
  const width = Math.max(...cells.map((c) => c.column)) + 1;
  const rows = Array.from({ length: 6 }, () => new Array<string>(width).fill('.'));
  for (const c of cells) {
    expect(rows[c.row]![c.column], `cell ${c.column},${c.row} used twice`).toBe('.');
    rows[c.row]![c.column] = c.letter;
  }
  return rows.map((r) => r.join(''));
}
const colourGrid = (cells: { column: number; row: number; value: 'red' | 'blue' }[]) =>
  grid(cells.map((c) => ({ ...c, letter: c.value === 'red' ? 'R' : 'B' })));

/*
 * The worked example: 30 results. Its big road columns (player/banker runs) are
 * c0 BB, c1 PPP, c2 B, c3 PP, c4 B×7, c5 P×6, c6 B, c7 P, c8 B, c9 PP, c10 B: lengths 2 3 1 2 7 6 1 1 1 2 1.
 * Ties: one before the first result, one after result 5, one after the six players.
 */
const results = shoe('TBBPPP TBPPBB BBBBBP PPPPPT BPBPPB');

describe('the roads of a worked example', () => {
  it('bead plate: every result, six to a column', () => {
    const cells = beadPlate(results);
    expect(cells).toHaveLength(30);
    expect(grid(cells.map((c) => ({ ...c, letter: c.winner[0]!.toUpperCase() })))).toEqual([
      'TTBPB',
      'BBBPP',
      'BPBPB',
      'PPBPP',
      'PBBPP',
      'PBPTB',
    ]);
  });

  it('big road: runs in columns, ties on the cell before, a dragon tail and a run turned early by it', () => {
    const road = bigRoad(results);
    expect(road.columns).toEqual([2, 3, 1, 2, 7, 6, 1, 1, 1, 2, 1]);
    // The seven bankers of c4 fill column 4 and turn right at the bottom to (5,5); the six players of c5 start at
    // (5,0), find (5,5) taken and turn right at row 4 to (6,4). The next run starts at column 6's top.
    expect(grid(road.cells.map((c) => ({ ...c, letter: c.winner === 'banker' ? 'B' : 'P' })))).toEqual([
      'BPBPBPBPBPB',
      'BP.PBP...P.',
      '.P..BP.....',
      '....BP.....',
      '....BPP....',
      '....BB.....',
    ]);
    expect(road.cells.filter((c) => c.ties > 0).map((c) => [c.column, c.row, c.ties])).toEqual([
      [0, 0, 1],
      [1, 2, 1],
      [6, 4, 1],
    ]);
  });

  it('big eye boy: compares with the column one back', () => {
    // By cell: (1,1) R, (1,2) B, (2,0) B [3≠2], (3,0) B [1≠3], (3,1) B, (4,0) B [2≠1], (4,1) R, (4,2) B, (4,3..6) R,
    // (5,0) B [7≠2], (5,1..5) R, (6,0) B [6≠7], (7,0) B [1≠6], (8,0) R [1=1], (9,0) R [1=1], (9,1) B, (10,0) B.
    expect(
      derivedMarks(bigRoad(results).columns, 1)
        .map((c) => c[0]!.toUpperCase())
        .join(''),
    ).toBe('RBBBBBRBRRRRBRRRRRBBRRBB');
    expect(colourGrid(bigEyeBoy(results))).toEqual([
      'RBRBRBRBRB',
      '.B..R.RBRB',
      '.B..R.R...',
      '.B..R.R...',
      '.B....R...',
      '..........',
    ]);
  });

  it('small road: compares with the column two back', () => {
    // (3,0) B [1≠2], (3,1) R, (4,0) B [2≠3], (4,1) B, (4,2..6) R, (5,0) B [7≠1], (5,1) R, (5,2) B, (5,3..5) R,
    // (6,0) B [6≠2], (7,0) B [1≠7], (8,0) B [1≠6], (9,0) R [1=1], (9,1) B, (10,0) B [2≠1].
    expect(
      derivedMarks(bigRoad(results).columns, 2)
        .map((c) => c[0]!.toUpperCase())
        .join(''),
    ).toBe('BRBBRRRRRBRBRRRBBBRBB');
    expect(colourGrid(smallRoad(results))).toEqual([
      'BRBRBRBRBRB',
      '..BR...RB.B',
      '...R...RB..',
      '...R.......',
      '...R.......',
      '...........',
    ]);
  });

  it('cockroach pig: compares with the column three back', () => {
    // (3,1) R, (4,0) R [2=2], (4,1) R, (4,2) R, (4,3) B, (4,4..6) R, (5,0) B [7≠3], (5,1) B, (5,2..5) R,
    // (6,0) B [6≠1], (7,0) B [1≠2], (8,0) B [1≠7], (9,0) B [1≠6], (9,1) B, (10,0) B [2≠1].
    expect(
      derivedMarks(bigRoad(results).columns, 3)
        .map((c) => c[0]!.toUpperCase())
        .join(''),
    ).toBe('RRRRBRRRBBRRRRBBBBBB');
    expect(colourGrid(cockroachPig(results))).toEqual([
      'RBRBRB',
      'R.RBRB',
      'R.R.RB',
      'R...RB',
      '.....B',
      '.....B',
    ]);
  });
});

describe('placing runs', () => {
  it('turns runs early on the tails before them, and starts a run right of a tail on the top row', () => {
    // A×11 fills column 0 and tails along row 5; B×9 turns at row 4, C×7 at row 3, D×5 at row 2, E×3 at row 1;
    // F×3 is blocked at once and tails along row 0 to column 7; G finds (6,0) and (7,0) taken and starts at (8,0).
    const runs = ['A'.repeat(11), 'B'.repeat(9), 'C'.repeat(7), 'D'.repeat(5), 'EEE', 'FFF', 'G'];
    const cells = placeRuns([...runs.join('')]);
    expect(grid(cells.map((c) => ({ ...c, letter: c.value })))).toEqual([
      'ABCDEFFFG',
      'ABCDEE...',
      'ABCDDD...',
      'ABCCCC...',
      'ABBBBB...',
      'AAAAAA...',
    ]);
  });

  it('shows no cell for ties alone, then counts them on the first', () => {
    expect(bigRoad(shoe('TT'))).toEqual({ cells: [], columns: [] });
    expect(bigRoad(shoe('TTPT')).cells).toEqual([{ column: 0, row: 0, winner: 'player', ties: 3 }]);
  });
});
