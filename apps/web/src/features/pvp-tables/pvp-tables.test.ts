import type { PvpTable } from '@tala/contracts/pvp';
import { describe, expect, it } from 'vitest';
import { groupTables, rakePercent } from './pvp-tables.tsx';

const table = (code: string, game: PvpTable['game'], stake: number): PvpTable => ({
  code,
  game,
  name: code,
  stake,
  seats: game === 'TONGITS' ? 3 : 6,
  seated: 0,
  minBuyIn: 20 * stake,
  maxBuyIn: 100 * stake,
  rakeBps: 500,
  rakeCap: 3_000,
  turnSeconds: 20,
  maintenance: false,
});

describe('the card tables on /pvp', () => {
  it('are grouped by game in a fixed order, by stake, each with the catalogue game it opens as', () => {
    const groups = groupTables(
      [
        table('TONGITS-5', 'TONGITS', 500),
        table('HOLDEM-50', 'HOLDEM', 5_000),
        table('HOLDEM-10', 'HOLDEM', 1_000),
      ],
      [
        { gameCode: 'HOLDEM-10', nodeId: 71 },
        { gameCode: 'TONGITS-5', nodeId: 90 },
      ],
    );
    expect(groups.map((g) => g.game)).toEqual(['HOLDEM', 'TONGITS']);
    expect(groups[0]!.tables.map((t) => [t.code, t.nodeId])).toEqual([
      ['HOLDEM-10', 71],
      ['HOLDEM-50', null],
    ]);
    expect(groups[1]!.tables[0]!.nodeId).toBe(90);
    expect(groupTables([], [])).toEqual([]);
  });

  it('state the rake in percent', () => {
    expect(rakePercent(500)).toBe('5');
    expect(rakePercent(250)).toBe('2.5');
  });
});
