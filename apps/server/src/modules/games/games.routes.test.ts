import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';

const { app, services } = await testApp();
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { merchant: 'tala', ...headers } });

describe('game catalogue', () => {
  it('lists vendor cards with the fields of spec §3, esports split from sports by the configured list', async () => {
    const body = (await get('/wps/relay/GCSGAME_gameVendor?merchantCode=tala')).json();
    expect(body.success).toBe(true);
    const card = body.value.find((v: { vassalage: string }) => v.vassalage === 'MABUHAY_RNG');
    expect(card).toMatchObject({ gameType: 'RNG', displayName: 'Mabuhay Gaming', isHot: 1, isGame: 'GAME' });
    expect(Object.keys(card)).toEqual(
      expect.arrayContaining(['vassalage', 'gameType', 'displayName', 'accountTypeId', 'isHot', 'nodeId']),
    );
    const types = new Map(
      body.value.map((v: { vendor: string; gameType: string }) => [v.vendor, v.gameType]),
    );
    expect(types.get('ARENA_ES')).toBe('ESPORTS');
    expect(types.get('PALARO')).toBe('SPORTS');
  });

  it('orders the menus with bingo just after fish, only when TY is supported', async () => {
    const menus = (await get('/lgw/games/game_menus'))
      .json()
      .value.map((m: { gameType: string }) => m.gameType);
    expect(menus.indexOf('BINGO')).toBe(menus.indexOf('FISH') + 1);

    const settings = (await services.merchants.byCode('lucky')).settings;
    await services.merchants.updateSettings(
      'lucky',
      { ...settings, whitelabel: { ...settings.whitelabel, supportedLanguages: ['EN'] } },
      { id: 1, name: 'test', ip: '127.0.0.1' },
    );
    services.games.invalidate();
    const lucky = (await get('/lgw/games/game_menus', { merchant: 'lucky' })).json().value;
    expect(lucky.map((m: { gameType: string }) => m.gameType)).not.toContain('BINGO');
    const bg = await get('/wps/relay/GCSGAME_gameList?gameClassify=BG', { merchant: 'lucky' });
    expect(bg.statusCode).toBe(400);
  });

  it('lists the in-house sportsbook as the Sports menu’s TSPORTS and the Esports menu’s TESPORTS', async () => {
    const menus = (await get('/lgw/games/game_menus')).json().value as {
      gameType: string;
      vendors: { vendor: string; vassalage: string; gameType: string; isGame: string }[];
    }[];
    const vendorsOf = (type: string) => menus.find((m) => m.gameType === type)?.vendors ?? [];
    expect(vendorsOf('SPORTS')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vendor: 'TSPORTS', vassalage: 'TSPORTS_SPORTS', isGame: 'LOBBY' }),
        expect.objectContaining({ vendor: 'PALARO' }),
      ]),
    );
    expect(vendorsOf('ESPORTS')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vendor: 'TESPORTS', vassalage: 'TESPORTS_ESPORTS', gameType: 'ESPORTS' }),
        expect.objectContaining({ vendor: 'ARENA_ES' }),
      ]),
    );
    expect(vendorsOf('SPORTS').map((v) => v.vendor)).not.toContain('TESPORTS');
    expect(vendorsOf('ESPORTS').map((v) => v.vendor)).not.toContain('TSPORTS');

    // The vendor lists of /sports and /esports, and each line's one lobby game, in-house.
    const cards = (await get('/wps/relay/GCSGAME_gameVendor?merchantCode=tala&gameType=ESPORTS')).json()
      .value;
    expect(cards.map((c: { vendor: string }) => c.vendor)).toContain('TESPORTS');
    const games = (await get('/wps/relay/GCSGAME_gameList?vassalage=TSPORTS_SPORTS')).json().value.list;
    expect(games).toEqual([
      expect.objectContaining({
        vendor: 'TSPORTS',
        gameType: 'SPORTS',
        gameCode: 'TSPORTS-BOOK',
        inHouse: true,
      }),
    ]);
  });

  it('pages the game list (24 a page) and filters by vendor, name, classification and minimum bet', async () => {
    const page = (await get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=1')).json().value;
    expect(page.pageSize).toBe(24);
    expect(page.list).toHaveLength(24);
    expect(page.totalPages).toBe(Math.ceil(page.total / 24));

    const vendor = (await get('/wps/relay/GCSGAME_gameList?vassalage=PERLAS_RNG&pageSize=100')).json().value;
    expect(vendor.list.every((g: { vendor: string }) => g.vendor === 'PERLAS')).toBe(true);

    const name = page.list[0].name.split(' ')[0].toLowerCase();
    const byName = (
      await get(`/wps/relay/GCSGAME_gameList?gameName=${encodeURIComponent(name)}&pageSize=100`)
    ).json().value;
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.list.every((g: { name: string }) => g.name.toLowerCase().includes(name))).toBe(true);

    const jp = (await get('/wps/relay/GCSGAME_gameList?gameClassify=JP&pageSize=100')).json().value;
    expect(jp.list.every((g: { classification: string }) => g.classification === 'JP')).toBe(true);

    const cheap = (await get('/wps/relay/GCSGAME_gameList?minBet=0.05&pageSize=100')).json().value;
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.list.every((g: { minBet: string }) => g.minBet === '0.05')).toBe(true);
  });

  it('refuses unknown vendors, filters that do not exist and pages out of range with their own codes', async () => {
    expect((await get('/wps/relay/GCSGAME_gameList?vassalage=NOPE_RNG')).json()).toMatchObject({
      errorCode: 'unknown_vendor',
      field: 'vassalage',
    });
    expect((await get('/wps/relay/GCSGAME_gameList?colour=red')).statusCode).toBe(400);
    expect((await get('/wps/relay/GCSGAME_gameList?minBet=0.02')).json()).toMatchObject({
      errorCode: 'validation_failed',
      field: 'minBet',
    });
    expect((await get('/wps/relay/GCSGAME_gameList?pageNo=9999')).json()).toMatchObject({
      errorCode: 'page_out_of_range',
    });
    expect((await get('/wps/relay/GCSGAME_gameList?pageNo=-1')).statusCode).toBe(400);
    expect((await get('/lgw/games/thumb/99999999.svg')).json()).toMatchObject({ errorCode: 'unknown_game' });
  });

  it('never answers a 500 to any combination of list parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            gameType: fc.constantFrom('RNG', 'LIVE', 'FISH', 'XYZ', ''),
            gameName: fc.string({ maxLength: 80 }),
            minBet: fc.constantFrom('0.01', '0.05', 'abc', ''),
            pageNo: fc.oneof(fc.integer({ min: -5, max: 50 }).map(String), fc.constant('x')),
            pageSize: fc.integer({ min: -1, max: 300 }).map(String),
          },
          { requiredKeys: [] },
        ),
        async (query) => {
          const response = await get(`/wps/relay/GCSGAME_gameList?${new URLSearchParams(query)}`);
          expect(response.statusCode).toBeLessThan(500);
          expect(response.json().success).toBe(response.statusCode === 200);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives one page of hot games and the popular list', async () => {
    const hot = (
      await get(
        '/wps/relay/GCSGAME_hotGamesV2?isPlatform=2&vassalage=MABUHAY_RNG&platform=flash,html5-desktop',
      )
    ).json().value;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.length).toBeLessThanOrEqual(24);
    const popular = (await get('/lgw/games/popular?count=20')).json().value;
    expect(popular).toHaveLength(20);
  });

  it('describes a vendor line: classifications and minimum bets', async () => {
    const value = (await get('/wps/relay/GCSGAME_getVassGameType?vassalage=MABUHAY_RNG')).json().value;
    expect(value.gameType).toBe('RNG');
    expect(value.minBets.length).toBeGreaterThan(0);
  });

  it('draws thumbnails and vendor logos as SVG with nosniff', async () => {
    const game = (await get('/wps/relay/GCSGAME_gameList?pageSize=1')).json().value.list[0];
    const thumb = await app.inject({ url: game.imageUrl });
    expect(thumb.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    expect(thumb.body).toContain('<svg');
    const logo = await app.inject({ url: '/lgw/games/vendor-logo/MABUHAY.svg' });
    expect(logo.body).toContain('Mabuhay');
  });
});
