import { chainPlace, verifyChainSeed } from '@tala/lottery/chain';
import { drawResult } from '@tala/lottery/draw';
import { betOdds, settleBet } from '@tala/lottery/game';
import { gameByCode } from '@tala/lottery/games';
import { pickUniverse } from '@tala/lottery/simulation';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import type { DrawRow } from './lottery.repository.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';
import { drawViewAt } from './lottery-views.ts';

/*
 * The game families beyond Vietnam (docs/decisions/041-lottery-families.md), end to end on the server: listed by
 * game_menu with their pickers' metadata, a winning and a losing bet on each placed over HTTP, drawn, settled and
 * paid through the ledger, in the member's records; CHAIN's seeds from its published hash chain.
 */
const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const families = ['SSCF1', '11X5F1', 'K3F1', 'PK10F1', 'LHCF5', 'PCBF3', 'LFF5', 'CHAINF1'];
let requests = 0;
const requestId = () => `fam-${Date.now().toString(36)}-${++requests}`;
const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
    payload,
  });

describe('the other game families on the server', () => {
  it('lists every family with its bet types’ positions, options, line rules and per-pick odds', async () => {
    const body = (await inject('GET', '/lgw/vn/games/game_menu?prizeMode=ZY')).json();
    const list = body.value.list as {
      gameCode: string;
      family: string;
      betTypes: Record<string, unknown>[];
    }[];
    for (const code of families)
      expect(
        list.find((g) => g.gameCode === code),
        code,
      ).toBeDefined();
    const ssc = list.find((g) => g.gameCode === 'SSCF1')!;
    expect(ssc.betTypes.find((t) => t.code === 'dxds')).toMatchObject({
      options: ['big', 'small', 'odd', 'even'],
      positions: ['pos1', 'pos2', 'pos3', 'pos4', 'pos5'],
      rule: { kind: 'each' },
    });
    expect(ssc.betTypes.find((t) => t.code === 'q3zx')).toMatchObject({
      rule: { kind: 'product', positions: 3, distinct: false },
    });
    const k3 = list.find((g) => g.gameCode === 'K3F1')!;
    const sum = k3.betTypes.find((t) => t.code === 'hz') as { pickOdds: { pick: number; odds: number }[] };
    expect(sum.pickOdds).toHaveLength(16);
    expect(sum.pickOdds.find((p) => p.pick === 10)?.odds).toBe(
      betOdds(gameByCode('K3F1')!.betTypes[0]!, 'ZY', [10]),
    );
    expect(list.find((g) => g.gameCode === 'VNN1')!.betTypes[0]).toMatchObject({ rule: { kind: 'each' } });
  });

  it('places a winning and a losing bet on each family, draws, settles and pays them once', async () => {
    const member = await lotteryMember(services, tala, 10_000_000);
    const expected: { betId: number; win: number }[] = [];
    const drawIds: number[] = [];
    for (const code of families) {
      const game = gameByCode(code)!;
      const serverSeed = newServerSeed();
      const draw = await testDraw(services, tala, { closes: 60_000 }, { gameCode: code, serverSeed });
      drawIds.push(draw.drawId);
      const result = drawResult(game, serverSeed, draw.issueNo);
      // The first bet type with single picks: one pick that wins on this result and one that loses.
      const type = game.betTypes.find((t) => t.picks.min === 1)!;
      const hitsOf = (pick: number) => type.hits([pick], result);
      const universe = pickUniverse(type);
      const winner = universe.find((p) => hitsOf(p) > 0)!;
      const loser = universe.find((p) => hitsOf(p) === 0)!;
      for (const pick of [winner, loser]) {
        const response = await inject('POST', '/lgw/vn/bets', member.token, {
          gameCode: code,
          issueNo: draw.issueNo,
          betType: type.code,
          prizeMode: 'Elott',
          picks: [pick],
          stakePerLine: 1000,
          requestId: requestId(),
        });
        expect(response.statusCode, `${code} ${response.body}`).toBe(200);
        const bet = response.json().value.bet;
        expect(bet.odds, code).toBe(betOdds(type, 'Elott', [pick]));
        const { win } = settleBet(type, { picks: [pick], stakePerLine: 1000, odds: bet.odds }, result);
        expect(win > 0, `${code} ${type.code} ${pick}`).toBe(pick === winner);
        expected.push({ betId: bet.betId, win });
      }
      // A pick out of the bet type's range is refused with its own code.
      const refused = await inject('POST', '/lgw/vn/bets', member.token, {
        gameCode: code,
        issueNo: draw.issueNo,
        betType: type.code,
        prizeMode: 'Lott',
        picks: [9_999],
        stakePerLine: 1000,
        requestId: requestId(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code ?? refused.json().error?.code ?? refused.body).toContain(
        'lottery_pick_out_of_range',
      );
    }
    const before = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ANY(${drawIds})`.execute(services.db);
    for (const drawId of drawIds) {
      await services.lottery.drawAndSettle(drawId);
      await services.lottery.drawAndSettle(drawId); // again: nothing more
    }
    const rows = await sql<{ id: number; status: string; win: number }>`
      SELECT id, status, win FROM lottery_bets WHERE member_id = ${member.id} ORDER BY id`.execute(
      services.db,
    );
    expect(rows.rows).toHaveLength(expected.length);
    for (const e of expected) {
      const row = rows.rows.find((r) => Number(r.id) === e.betId)!;
      expect(Number(row.win)).toBe(e.win);
      expect(row.status).toBe(e.win > 0 ? 'won' : 'lost');
    }
    const paid = expected.reduce((a, e) => a + e.win, 0);
    const after = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
    expect(after - before).toBe(paid);
    const entries = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ANY(${expected.map((e) => `lottery:payout:${e.betId}`)})`.execute(
      services.db,
    );
    expect(entries.rows[0]?.n).toBe(expected.filter((e) => e.win > 0).length);
    // In the member's records: every bet, settled, with its win.
    const mine = (await inject('GET', '/lgw/vn/bets?pageSize=50', member.token)).json().value;
    expect(mine.list.filter((b: { status: string }) => b.status !== 'open')).toHaveLength(expected.length);
    // And in the results with their main row.
    const results = (await inject('GET', '/lgw/vn/numeros/opened/game?gameCode=LHCF5&count=5')).json().value
      .list;
    expect(results[0].balls).toHaveLength(7);
  });

  it('draws CHAIN from its hash chain: each seed hashes to the one before it, back to the published terminal', async () => {
    const now = new Date();
    // Two processes making the same issues at once agree on every seed.
    await Promise.all([
      services.lottery.ensureIssues(tala, 'CHAINF1', now),
      services.lottery.ensureIssues(tala, 'CHAINF1', now),
    ]);
    const draws = await sql<{ issue_index: string; server_seed: string; server_seed_hash: string }>`
      SELECT issue_index, server_seed, server_seed_hash FROM lottery_draws
       WHERE merchant_id = ${tala.id} AND game_code = 'CHAINF1' AND issue_index < 2000000000 ORDER BY issue_index`.execute(
      services.db,
    );
    expect(draws.rows.length).toBeGreaterThanOrEqual(2);
    const chains = (await inject('GET', '/lgw/vn/games/chain?gameCode=CHAINF1')).json().value.list as {
      segment: number;
      firstIssueIndex: number;
      terminalHash: string;
    }[];
    // The current segment's chain and the next one, published ahead.
    expect(chains.length).toBeGreaterThanOrEqual(2);
    for (const [i, draw] of draws.rows.entries()) {
      const { segment, offset } = chainPlace(Number(draw.issue_index));
      const chain = chains.find((c) => c.segment === segment)!;
      expect(hashServerSeed(draw.server_seed)).toBe(draw.server_seed_hash);
      expect(verifyChainSeed(draw.server_seed, offset, chain.terminalHash)).toBe(true);
      const previous = draws.rows[i - 1];
      if (previous && Number(previous.issue_index) + 1 === Number(draw.issue_index) && offset > 0)
        expect(draw.server_seed_hash).toBe(previous.server_seed);
    }
    // No public view shows an open issue's seed: a commitment is shown only from the issue's sale opening, when the
    // issue before it (whose seed it is) has closed.
    const open = await sql<{ server_seed: string; sale_closes_at: Date }>`
      SELECT server_seed, sale_closes_at FROM lottery_draws
       WHERE merchant_id = ${tala.id} AND game_code = 'CHAINF1' AND status = 'open' AND sale_closes_at > now()`.execute(
      services.db,
    );
    const shown = (await inject('GET', '/lgw/vn/games/draws?gameCode=CHAINF1')).json().value;
    const visible = [shown.current?.serverSeedHash, shown.next?.serverSeedHash].filter(Boolean);
    for (const row of open.rows) expect(visible).not.toContain(row.server_seed);
    if (shown.next) expect(shown.next.serverSeedHash).toBe('');
    if (shown.current) expect(shown.current.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    // Other games have no chain; an unknown game is refused.
    expect((await inject('GET', '/lgw/vn/games/chain?gameCode=SSCF1')).json().value.list).toEqual([]);
    expect((await inject('GET', '/lgw/vn/games/chain?gameCode=NOPE1')).statusCode).toBe(404);
  });

  it('withholds a CHAIN draw’s commitment before its sale and a cancelled one’s seed before its draw instant', () => {
    const now = new Date('2026-11-26T05:00:30Z');
    const row = (over: Partial<DrawRow>): DrawRow =>
      ({
        id: 1,
        merchant_id: tala.id,
        game_code: 'CHAINF1',
        game_version: 1,
        issue_index: 1,
        issue_no: '20261126-0301',
        sale_opens_at: new Date('2026-11-26T05:01:00Z'),
        sale_closes_at: new Date('2026-11-26T05:01:50Z'),
        draw_at: new Date('2026-11-26T05:02:00Z'),
        server_seed: 'a'.repeat(64),
        server_seed_hash: 'b'.repeat(64),
        status: 'open',
        result: null,
        drawn_at: null,
        settled_at: null,
        cancelled_at: null,
        cancelled_by: null,
        cancel_reason: null,
        created_at: now,
        ...over,
      }) as DrawRow;
    expect(drawViewAt(row({}), now).serverSeedHash).toBe('');
    expect(drawViewAt(row({}), new Date('2026-11-26T05:01:00Z')).serverSeedHash).toBe('b'.repeat(64));
    expect(drawViewAt(row({ status: 'cancelled' }), now).serverSeed).toBeNull();
    expect(drawViewAt(row({ status: 'cancelled' }), new Date('2026-11-26T05:02:00Z')).serverSeed).toBe(
      'a'.repeat(64),
    );
    // Any other game shows both as before.
    expect(drawViewAt(row({ game_code: 'SSCF1' }), now).serverSeedHash).toBe('b'.repeat(64));
    expect(drawViewAt(row({ game_code: 'SSCF1', status: 'cancelled' }), now).serverSeed).toBe('a'.repeat(64));
  });
});
