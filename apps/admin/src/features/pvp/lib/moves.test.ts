import { describe, expect, it } from 'vitest';
import { moveParts } from './moves.ts';

describe('a hand’s moves in the explorer', () => {
  it('name the move, its cards or its amount', () => {
    expect(moveParts({ type: 'fold' })).toEqual({ type: 'fold', detail: '', amount: null });
    expect(moveParts({ type: 'raise', to: 3_000 })).toEqual({ type: 'raise', detail: '', amount: 3_000 });
    expect(
      moveParts({
        type: 'play',
        cards: [
          { rank: 3, suit: 'C' },
          { rank: 1, suit: 'D' },
        ],
      }).detail,
    ).toBe('3♣ A♦');
    expect(moveParts({ type: 'discard', card: { rank: 12, suit: 'H' } }).detail).toBe('Q♥');
    expect(moveParts({ type: 'take', meld: [{ rank: 5, suit: 'S' }] }).detail).toBe('5♠');
  });

  it('show what they do not know as JSON', () => {
    expect(moveParts({ odd: 1 })).toEqual({ type: null, detail: '{"odd":1}', amount: null });
    expect(moveParts(null).detail).toBe('null');
  });
});
