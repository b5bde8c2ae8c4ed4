import { en as enNames } from '@tala/sports/names/en';
import { vi as viNames } from '@tala/sports/names/vi';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enDeferred from '../../locales/en-deferred.json';
import vi from '../../locales/vi.json';
import { legMarket, legOutcome, marketName, outcomeName } from './market-names.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    // As lib/i18n.ts loads them: each language file with the shared names of sports, markets and outcomes put in.
    resources: {
      en: { translation: { ...enDeferred, sportsbook: { ...enDeferred.sportsbook, ...enNames } } },
      vi: { translation: { ...vi, sportsbook: { ...vi.sportsbook, ...viNames } } },
    },
    interpolation: { escapeValue: false },
  });
});

const teams = [{ name: 'Kaya' }, { name: 'Stallion' }];
const ah = { type: 'asian_handicap', specifiers: 'hcp=-0.75', name: 'Asian handicap -0.75' };

describe('market and outcome names', () => {
  it('names a handicap with its signed line and each side by its team, the away side taking the opposite', () => {
    const t = i18n.getFixedT('en');
    expect(marketName(t, ah, 'football', 'Archipelago Premier League')).toBe('Asian handicap -0.75');
    expect(outcomeName(t, ah, { id: 'home', name: 'Home -0.75' }, teams)).toBe('Kaya -0.75');
    expect(outcomeName(t, ah, { id: 'away', name: 'Away 0.75' }, teams)).toBe('Stallion +0.75');
  });

  it('uses the sport’s own wording where it has one, and the general one otherwise', () => {
    const t = i18n.getFixedT('en');
    const puck = { type: 'handicap', specifiers: 'hcp=1.5', name: 'Puck line 1.5' };
    expect(marketName(t, puck, 'ice_hockey', 'Northern Ice League')).toBe('Puck line +1.5');
    expect(marketName(t, { ...puck, name: 'Handicap 1.5' }, 'volleyball', 'Spike')).toBe('Handicap +1.5');
    const total = { type: 'total', specifiers: 'total=2.5', name: 'Total goals 2.5' };
    expect(marketName(t, total, 'football', 'X')).toBe('Total goals 2.5');
    expect(outcomeName(t, total, { id: 'over', name: 'Over 2.5' }, teams)).toBe('Over 2.5');
    expect(
      marketName(t, { type: 'map_winner', specifiers: 'mapnr=2', name: 'Map 2 winner' }, 'dota2', 'X'),
    ).toBe('Map 2 winner');
    expect(
      marketName(t, { type: 'outright', specifiers: '', name: 'League winner' }, 'football', 'Mekong'),
    ).toBe('Mekong winner');
  });

  it('says from which score an in-play market counts', () => {
    const t = i18n.getFixedT('en');
    expect(marketName(t, { ...ah, specifiers: 'hcp=-0.5|score=1:0' }, 'football', 'X')).toBe(
      'Asian handicap -0.5 · from 1:0',
    );
  });

  it('speaks the member’s language, and falls back to the feed’s names for what it does not know', () => {
    const t = i18n.getFixedT('vi');
    expect(marketName(t, ah, 'football', 'X')).toBe('Kèo chấp châu Á -0.75');
    expect(
      outcomeName(t, { type: '1x2', specifiers: '', name: '1X2' }, { id: 'draw', name: 'Draw' }, teams),
    ).toBe('Hòa');
    const odd = { type: 'corners_3way', specifiers: '', name: 'Corners 3-way' };
    expect(marketName(t, odd, 'football', 'X')).toBe('Corners 3-way');
    expect(outcomeName(t, odd, { id: 'more', name: 'More than 9' }, teams)).toBe('More than 9');
    expect(
      outcomeName(t, { type: 'correct_score', specifiers: '', name: 'x' }, { id: '2:1', name: '2:1' }, []),
    ).toBe('2:1');
  });

  it('names a bet’s leg as the event page does', () => {
    const t = i18n.getFixedT('en');
    const leg = {
      sport: 'football',
      league: 'X',
      competitors: teams,
      marketType: 'asian_handicap',
      specifiers: 'hcp=-0.75',
      marketName: 'Asian handicap -0.75',
      outcome: 'away',
      outcomeName: 'Away 0.75',
    };
    expect(legMarket(t, leg)).toBe('Asian handicap -0.75');
    expect(legOutcome(t, leg)).toBe('Stallion +0.75');
  });
});
