import { isLegalBet, legalInsideBets, type RouletteBet } from '@tala/live/roulette';
import { describe, expect, it } from 'vitest';
import { parseSpot, spotWins } from './logic.ts';
import { lineSpots, spotAt } from './roulette-layout.ts';

/** The engine's bet for a spot code, read as the server reads it (kind, then the numbers). */
const betOf = (code: string): RouletteBet => {
  const { kind, numbers } = parseSpot(code);
  return { type: kind as 'split', numbers, stake: 1n };
};

describe('the roulette layout: a point between the numbers names its bet', () => {
  it('reads the bets at hand-picked points', () => {
    // Row 1 is 1-2-3 (y 3), row 6 is 16-17-18 (y 13), row 7 is 19-20-21 (y 15); x 1, 3, 5 are the three numbers.
    expect(spotAt({ x: 3, y: 13 })).toBe('straight-17');
    expect(spotAt({ x: 2, y: 3 })).toBe('split-1-2');
    expect(spotAt({ x: 4, y: 13 })).toBe('split-17-18');
    expect(spotAt({ x: 3, y: 14 })).toBe('split-17-20');
    expect(spotAt({ x: 0, y: 13 })).toBe('street-16-17-18');
    expect(spotAt({ x: 2, y: 14 })).toBe('corner-16-17-19-20');
    expect(spotAt({ x: 0, y: 14 })).toBe('sixLine-16-17-18-19-20-21');
    expect(spotAt({ x: 0, y: 25 })).toBe('street-34-35-36');
    expect(spotAt({ x: 4, y: 24 })).toBe('corner-32-33-35-36');
  });

  it('reads the zero’s splits, trios and first four along the line under it', () => {
    expect(spotAt({ x: 1, y: 2 })).toBe('split-0-1');
    expect(spotAt({ x: 3, y: 2 })).toBe('split-0-2');
    expect(spotAt({ x: 5, y: 2 })).toBe('split-0-3');
    expect(spotAt({ x: 2, y: 2 })).toBe('street-0-1-2');
    expect(spotAt({ x: 4, y: 2 })).toBe('street-0-2-3');
    expect(spotAt({ x: 0, y: 2 })).toBe('corner-0-1-2-3');
  });

  it('takes no bet off the betting area', () => {
    for (const point of [
      { x: 0, y: 1 }, // the zero's outer edge
      { x: 6, y: 13 }, // the far edge
      { x: 3, y: 0 },
      { x: 3, y: 26 }, // the ends
      { x: -1, y: 3 },
      { x: 1.5, y: 3 },
    ])
      expect(spotAt(point), JSON.stringify(point)).toBeUndefined();
  });

  it('offers every split, street, corner and six line of the engine exactly once, and nothing else', () => {
    const spots = lineSpots();
    const codes = spots.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(isLegalBet(betOf(code)), code).toBe(true);
    for (const kind of ['split', 'street', 'corner', 'sixLine'] as const) {
      const engine = legalInsideBets[kind].map((numbers) => `${kind}-${numbers.join('-')}`).sort();
      expect(codes.filter((c) => c.startsWith(`${kind}-`)).sort(), kind).toEqual(engine);
    }
    expect(codes).toHaveLength(60 + 14 + 23 + 11);
  });

  it('writes codes as the server reads them (numbers ascending), and each wins exactly on its numbers', () => {
    for (const { code } of lineSpots()) {
      const { numbers } = parseSpot(code);
      expect(numbers, code).toEqual([...numbers].sort((a, b) => a - b));
      const winning = Array.from({ length: 37 }, (_, n) => n).filter((n) =>
        spotWins('roulette', { number: n }, code),
      );
      expect(winning, code).toEqual(numbers);
    }
  });

  it('places each line spot in the block of cells it touches, on the outer edge for streets and six lines', () => {
    const byCode = new Map(lineSpots().map((s) => [s.code, s]));
    expect(byCode.get('split-17-20')).toMatchObject({ across: [2, 2], rows: [6, 7], edge: false });
    expect(byCode.get('corner-16-17-19-20')).toMatchObject({ across: [1, 2], rows: [6, 7], edge: false });
    expect(byCode.get('street-16-17-18')).toMatchObject({ across: [1, 3], rows: [6, 6], edge: true });
    expect(byCode.get('corner-0-1-2-3')).toMatchObject({ across: [1, 3], rows: [0, 1], edge: true });
  });
});
