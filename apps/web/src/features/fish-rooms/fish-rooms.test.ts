import type { FishRoom } from '@tala/contracts/fish';
import { describe, expect, it } from 'vitest';
import type { Game } from '../games/api/games-api.ts';
import { withNodes } from './fish-rooms.tsx';

const room = (code: string): FishRoom => ({
  code,
  name: code,
  bets: [10, 100],
  rtpBps: 9600,
  shotsPerSecond: 5,
  seats: 4,
  seatsTaken: 1,
  waveSeconds: 90,
  maintenance: false,
});
const game = (gameCode: string, nodeId: number, vassalage = 'TFISH_FISH') =>
  ({ gameCode, nodeId, vassalage }) as Game;

describe('the fish rooms’ cards', () => {
  it('play each room through its game in the in-house fish line, and none the catalogue does not offer', () => {
    const cards = withNodes(
      [room('FISH-1'), room('FISH-2')],
      [game('FISH-1', 41), game('FISH-2', 77, 'OTHER_FISH')],
    );
    expect(cards.map((c) => c.nodeId)).toEqual([41, null]);
  });
});
