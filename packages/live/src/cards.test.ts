import { systemByteSource } from '@tala/slots/random';
import { chiSquare, chiSquareCritical, drawsOf, oneInAMillion } from '@tala/slots/test-sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  baccaratTotal,
  baccaratValue,
  cardLabel,
  orderedShoe,
  Shoe,
  shuffle,
  shuffledShoe,
} from './cards.ts';
import { roundSource } from './round.ts';

const seed = (i: number) => i.toString(16).padStart(64, '0');

describe('cards and shoes', () => {
  it('builds an 8-deck shoe of 416 cards, 32 of each rank', () => {
    const shoe = orderedShoe(8);
    expect(shoe).toHaveLength(416);
    for (let rank = 1; rank <= 13; rank++) expect(shoe.filter((c) => c.rank === rank)).toHaveLength(32);
    expect(shoe[0]).toEqual({ rank: 1, suit: 'S' });
    expect(shoe[415]).toEqual({ rank: 13, suit: 'C' });
  });

  it('deals by Fisher–Yates: position i swaps with i + uniformBelow(n − i)', () => {
    // Draws of 0 keep the order; a first draw of 415 brings the last card (K♣) to the top, the ace of spades to
    // its place, and the second deal then takes 2♠ (draw 0 from the 415 left).
    const shoe = new Shoe(drawsOf([415, 0, 413]), 8);
    expect(shoe.deal()).toEqual({ rank: 13, suit: 'C' });
    expect(shoe.deal()).toEqual({ rank: 2, suit: 'S' });
    // Third deal: position 2 + 413 = 415, which now holds the ace of spades.
    expect(shoe.deal()).toEqual({ rank: 1, suit: 'S' });
    expect(shoe.remaining).toBe(413);
  });

  it('deals exactly the first cards of the fully shuffled shoe from the same stream', () => {
    for (let i = 0; i < 5; i++) {
      const full = shuffledShoe(roundSource(seed(i), 'BAC1', 1));
      const shoe = new Shoe(roundSource(seed(i), 'BAC1', 1));
      for (let k = 0; k < 10; k++) expect(shoe.deal()).toEqual(full[k]);
    }
    const full = shuffledShoe(roundSource(seed(9), 'BAC1', 2));
    const shoe = new Shoe(roundSource(seed(9), 'BAC1', 2));
    expect(Array.from({ length: 416 }, () => shoe.deal())).toEqual(full);
    expect(() => shoe.deal()).toThrow(RangeError);
  });

  it('shuffles into a permutation (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4 }),
        (items, bytes) => {
          let k = 0;
          const source = { nextByte: () => bytes[k++ % bytes.length]! ^ (k >> 3) };
          const out = shuffle(items, source);
          expect([...out].sort()).toEqual([...items].sort());
        },
      ),
    );
  });

  it('gives every order of four cards the same chance (chi-square, one in a million)', () => {
    const source = systemByteSource();
    const counts = new Map<string, number>();
    for (let i = 0; i < 24_000; i++) {
      const key = shuffle([0, 1, 2, 3], source).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    expect(chiSquare([...counts.values()])).toBeLessThan(chiSquareCritical(23, oneInAMillion));
  });

  it('values baccarat cards: ace 1, 2–9 face value, 10 and court cards 0', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((rank) => baccaratValue({ rank, suit: 'H' }))).toEqual([
      1, 2, 9, 0, 0, 0, 0,
    ]);
    expect(
      baccaratTotal([
        { rank: 7, suit: 'H' },
        { rank: 8, suit: 'S' },
        { rank: 13, suit: 'D' },
      ]),
    ).toBe(5);
    expect(cardLabel({ rank: 1, suit: 'S' })).toBe('AS');
    expect(cardLabel({ rank: 10, suit: 'H' })).toBe('10H');
  });
});
