import type { BingoRoomState } from '@tala/contracts/bingo';
import { describe, expect, it } from 'vitest';
import { refetchDelay, roomPhase } from './bingo-rooms.tsx';

const at = (iso: string) => new Date(iso).getTime();

function stateOf(round: Partial<NonNullable<BingoRoomState['round']>> | null, maintenance = false) {
  return {
    room: { maintenance },
    round: round && {
      status: 'open',
      closesAt: '2026-11-26T10:00:30.000Z',
      endsAt: '2026-11-26T10:03:00.000Z',
      calls: [],
      ...round,
    },
  } as unknown as BingoRoomState;
}

describe('a bingo room’s card', () => {
  it('counts down the sale, then shows the draw’s ball, then the wait for the next game', () => {
    expect(roomPhase(stateOf({}), at('2026-11-26T10:00:20.200Z'))).toEqual({ phase: 'sale', seconds: 10 });
    expect(roomPhase(stateOf({}), at('2026-11-26T10:00:31.000Z'))).toEqual({ phase: 'starting' });
    expect(roomPhase(stateOf({ status: 'drawing', calls: [4, 9, 70] }), 0)).toEqual({
      phase: 'drawing',
      ball: 3,
    });
    expect(roomPhase(stateOf({ status: 'settled' }), at('2026-11-26T10:02:55.000Z'))).toEqual({
      phase: 'next',
      seconds: 5,
    });
    expect(roomPhase(stateOf({ status: 'void' }), at('2026-11-26T10:04:00.000Z'))).toEqual({
      phase: 'next',
      seconds: 0,
    });
    expect(roomPhase(stateOf(null), 0)).toEqual({ phase: 'next', seconds: 0 });
    expect(roomPhase(stateOf({}, true), 0)).toEqual({ phase: 'off' });
  });

  it('reads the rooms again soon while one draws, else when a sale closes or a game ends', () => {
    expect(refetchDelay([stateOf({ status: 'drawing' })], at('2026-11-26T10:01:00.000Z'))).toBe(2_000);
    expect(refetchDelay([stateOf({})], at('2026-11-26T10:00:27.000Z'))).toBe(3_300);
    expect(refetchDelay([stateOf({})], at('2026-11-26T10:00:00.000Z'))).toBe(10_000);
    expect(refetchDelay([stateOf({ status: 'settled' })], at('2026-11-26T10:03:01.000Z'))).toBe(500);
    expect(refetchDelay([], 0)).toBe(10_000);
  });
});
