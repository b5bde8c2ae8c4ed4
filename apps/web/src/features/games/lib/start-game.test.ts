import type { Game } from '@tala/contracts/games';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextJackpotValue } from '../components/home-games.tsx';
import { formatMoney, gameStart, onHost, pickHost } from './start-game.ts';

const base: Game = {
  nodeId: 7,
  vassalage: 'MABUHAY_RNG',
  gameType: 'RNG',
  gameGroupCode: 'SLOT',
  isGame: 'GAME',
  defaultPlayType: null,
  vendor: 'MABUHAY',
  accountTypeName: 'MABUHAY',
  gameCode: 'MABUHAY-RNG-0007',
  code: 'MABUHAY-RNG-0007',
  name: 'Golden Koi',
  imageUrl: '/lgw/games/thumb/7.svg',
  classification: null,
  gameClass: 'slot',
  minBet: '0.01',
  lines: 20,
  rtp: '96.00',
  isHot: 0,
  maintenance: false,
  inHouse: false,
};

describe('game start (spec §4)', () => {
  it('sends lottery types and vendors to /lottery, VASSALAGE lines to the popup and the rest to /game', () => {
    expect(gameStart({ ...base, gameType: 'LOTT', vendor: 'TCG_SEA', defaultPlayType: 'standard' })).toEqual({
      kind: 'lottery',
      to: '/lottery?gameCode=MABUHAY-RNG-0007&vendor=TCG_SEA&playType=standard',
    });
    expect(gameStart({ ...base, vendor: '', accountTypeName: 'ELOTT' }).kind).toBe('lottery');
    expect(gameStart({ ...base, isGame: 'VASSALAGE', vassalage: 'LAKAN_LIVE' })).toEqual({
      kind: 'popup',
      vassalage: 'LAKAN_LIVE',
    });
    expect(gameStart(base)).toEqual({ kind: 'launch', to: '/game?nodeId=7' });
    expect(gameStart(base, 'demo')).toEqual({ kind: 'launch', to: '/game?nodeId=7&mode=demo' });
  });

  it('opens the in-house sportsbook’s lobby games on its own pages, another sports vendor’s through a launch', () => {
    const book = { ...base, gameType: 'SPORTS' as const, isGame: 'LOBBY' as const, inHouse: true };
    expect(gameStart({ ...book, vendor: 'TSPORTS', vassalage: 'TSPORTS_SPORTS' })).toEqual({
      kind: 'sportsbook',
      to: '/sports',
    });
    expect(
      gameStart({ ...book, gameType: 'ESPORTS', vendor: 'TESPORTS', vassalage: 'TESPORTS_ESPORTS' }, 'demo'),
    ).toEqual({ kind: 'sportsbook', to: '/esports' });
    expect(gameStart({ ...book, inHouse: false, vendor: 'PALARO', vassalage: 'PALARO_SPORTS' }).kind).toBe(
      'launch',
    );
  });

  it('picks a launch or image host from the server list, with this site as the default', () => {
    expect(pickHost([], '')).toBe('');
    expect(pickHost(['not a host'], 'https://default.test')).toBe('https://default.test');
    expect(pickHost(['https://a.test/', 'https://b.test'], '', () => 0)).toBe('https://a.test');
    expect(pickHost(['https://a.test/', 'https://b.test'], '', () => 0.99)).toBe('https://b.test');
    expect(onHost('/games/launch?game=x', 'https://cdn.test')).toBe('https://cdn.test/games/launch?game=x');
    expect(onHost('http://127.0.0.1:9/launch', 'https://cdn.test')).toBe('http://127.0.0.1:9/launch');
    expect(formatMoney(123_456, { symbol: 'P', exponent: 2 })).toBe('P1,234.56');
  });
});

describe('jackpot counter (spec §9: 165.11 every 3 s)', () => {
  it('never shows more than the pool, rises by the step and falls at once after an award', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 10 }),
        fc.array(fc.integer({ min: 0, max: 10 ** 10 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (first, pools, now) => {
          let shown = nextJackpotValue(null, first, 16_511, now);
          expect(shown).toBeLessThanOrEqual(first);
          expect(shown).toBeGreaterThanOrEqual(0);
          for (const pool of pools) {
            const next = nextJackpotValue(shown, pool, 16_511, now);
            expect(next).toBeLessThanOrEqual(pool);
            if (shown <= pool) expect(next).toBe(Math.min(pool, shown + 16_511));
            shown = next;
          }
        },
      ),
    );
  });
});
