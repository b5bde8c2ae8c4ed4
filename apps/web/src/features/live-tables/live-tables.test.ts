import type { LiveTableState } from '@tala/contracts/live';
import { describe, expect, it } from 'vitest';
import { phaseOf, resultMark } from './live-tables.tsx';

describe('a table card', () => {
  it('marks each game’s result by what players follow', () => {
    expect(resultMark('baccarat', { winner: 'banker' })).toEqual({ text: 'B', tone: 'banker' });
    expect(resultMark('baccarat', { winner: 'tie' })).toEqual({ text: 'T', tone: 'tie' });
    expect(resultMark('dragon_tiger', { winner: 'dragon' })).toEqual({ text: 'D', tone: 'player' });
    expect(resultMark('roulette', { number: 0 })).toEqual({ text: '0', tone: 'green' });
    expect(resultMark('roulette', { number: 32 })).toEqual({ text: '32', tone: 'red' });
    expect(resultMark('roulette', { number: 33 })).toEqual({ text: '33', tone: 'black' });
    expect(resultMark('sicbo', { dice: [2, 2, 5] })).toEqual({ text: '9', tone: 'plain' });
    expect(resultMark('sicbo', null)).toBeNull();
  });

  it('counts down to the close by the server’s clock, then deals, then waits for the next round', () => {
    const state = {
      round: { closesAt: '2026-11-26T10:00:10.000Z', endsAt: '2026-11-26T10:00:16.000Z' },
    } as LiveTableState;
    const at = (iso: string) => new Date(iso).getTime();
    expect(phaseOf(state, at('2026-11-26T10:00:00.500Z'))).toEqual({ phase: 'betting', seconds: 10 });
    expect(phaseOf(state, at('2026-11-26T10:00:09.999Z'))).toEqual({ phase: 'betting', seconds: 1 });
    expect(phaseOf(state, at('2026-11-26T10:00:12.000Z'))).toEqual({ phase: 'dealing', seconds: 0 });
    expect(phaseOf(state, at('2026-11-26T10:00:17.000Z'))).toEqual({ phase: 'next', seconds: 0 });
    expect(phaseOf({ round: null } as LiveTableState, 0).phase).toBe('next');
  });
});
