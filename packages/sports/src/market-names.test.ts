import { describe, expect, it } from 'vitest';
import {
  legMarket,
  legOutcome,
  marketName,
  type NameTexts,
  namedOutcomes,
  outcomeName,
} from './market-names.ts';

// A language of its own: the keys it has, with i18next's {{placeholders}}.
const texts: Record<string, string> = {
  'marketNames.asian_handicap': 'AH {{hcp}}',
  'marketNames.handicap': 'Handicap {{hcp}}',
  'marketNames.ice_hockey.handicap': 'Puck line {{hcp}}',
  'marketNames.total': 'Total {{total}}',
  'marketNames.map_winner': 'Map {{mapnr}} winner',
  'marketNames.outright': '{{league}} winner',
  'outcomeNames.over': 'Over {{total}}',
  'outcomeNames.draw': 'Draw',
  fromScore: '{{name}} from {{score}}',
};
const lookup: NameTexts = (keys, values = {}, fallback) => {
  const key = keys.find((k) => k in texts);
  if (key === undefined) return fallback ?? keys[0] ?? '';
  return (texts[key] ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
};
const teams = [{ name: 'Kaya' }, { name: 'Stallion' }];

describe('market and outcome names, whichever app’s texts', () => {
  it('looks the sport’s wording up first, then the type’s, then keeps the feed’s name', () => {
    const hcp = { type: 'handicap', specifiers: 'hcp=1.5', name: 'Feed handicap' };
    expect(marketName(lookup, hcp, 'ice_hockey', 'L')).toBe('Puck line +1.5');
    expect(marketName(lookup, hcp, 'volleyball', 'L')).toBe('Handicap +1.5');
    expect(marketName(lookup, { ...hcp, type: 'corners' }, 'football', 'L')).toBe('Feed handicap');
    expect(marketName(lookup, { type: 'map_winner', specifiers: 'map=2', name: 'x' }, 'dota2', 'L')).toBe(
      'Map 2 winner',
    );
    expect(marketName(lookup, { type: 'outright', specifiers: '', name: 'x' }, 'football', 'Mekong')).toBe(
      'Mekong winner',
    );
    expect(
      marketName(
        lookup,
        { type: 'asian_handicap', specifiers: 'hcp=0|score=1:0', name: 'x' },
        'football',
        'L',
      ),
    ).toBe('AH 0 from 1:0');
  });

  it('names home and away by the teams with the line from each side’s view, the rest by text or feed', () => {
    const ah = { type: 'asian_handicap', specifiers: 'hcp=-0.75', name: 'x' };
    expect(outcomeName(lookup, ah, { id: 'home', name: 'Home' }, teams)).toBe('Kaya -0.75');
    expect(outcomeName(lookup, ah, { id: 'away', name: 'Away' }, teams)).toBe('Stallion +0.75');
    expect(outcomeName(lookup, ah, { id: 'away', name: 'Away' }, [])).toBe('Away');
    const total = { type: 'total', specifiers: 'total=2.5', name: 'x' };
    expect(outcomeName(lookup, total, { id: 'over', name: 'O' }, teams)).toBe('Over 2.5');
    expect(outcomeName(lookup, total, { id: 'draw', name: 'X' }, teams)).toBe('Draw');
    // A fixed answer the app has no text for keeps the feed's name; a score is the feed's.
    expect(outcomeName(lookup, total, { id: 'odd', name: 'Odd (feed)' }, teams)).toBe('Odd (feed)');
    expect(outcomeName(lookup, total, { id: '2:1', name: '2:1' }, teams)).toBe('2:1');
    expect(namedOutcomes).toEqual(expect.arrayContaining(['draw', 'over', 'under', 'yes', 'no']));
  });

  it('names a bet’s leg as its market and outcome', () => {
    const leg = {
      sport: 'football',
      league: 'L',
      competitors: teams,
      marketType: 'asian_handicap',
      specifiers: 'hcp=-0.75',
      marketName: 'x',
      outcome: 'away',
      outcomeName: 'Away',
    };
    expect(legMarket(lookup, leg)).toBe('AH -0.75');
    expect(legOutcome(lookup, leg)).toBe('Stallion +0.75');
  });
});
