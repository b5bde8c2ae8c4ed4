import { dayOf } from '@tala/contracts/calendar';
import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const game = gameByCode('VNN1')!;
let requests = 0;
const requestId = () => `rec-${Date.now().toString(36)}-${++requests}`;
const get = (url: string, token: string) =>
  app.inject({ url, headers: { merchant: 'tala', authorization: token } });

describe('lottery bets in the member’s records (product LOTT)', () => {
  it('shows open, won, lost and refunded bets in the betting record, the P&L and the account record', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const who = { id: member.id, merchant_id: tala.id, type: 0 };
    const settledDraw = await testDraw(services, tala, { closes: 30_000 });
    const result = drawResult(game, settledDraw.serverSeed, settledDraw.issueNo) as { prizes: string[][] };
    const special = result.prizes[0]![0]!;
    const bet = (issueNo: string, betType: string, picks: number[], stakePerLine: number) =>
      services.lottery.placeBet(tala, who, {
        gameCode: 'VNN1',
        issueNo,
        betType,
        prizeMode: 'Lott',
        picks,
        stakePerLine,
        requestId: requestId(),
      });
    await bet(settledDraw.issueNo, 'de', [Number(special.slice(-2))], 1_000); // wins ×97.5
    await bet(settledDraw.issueNo, 'bacang', [(Number(special.slice(-3)) + 1) % 1000], 500); // loses
    const cancelled = await testDraw(services, tala, { closes: 30_000 });
    await bet(cancelled.issueNo, 'lo2', [1], 2_000);
    const open = await testDraw(services, tala, { closes: 30_000 });
    await bet(open.issueNo, 'lo2', [2], 300);

    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ${settledDraw.drawId}`.execute(services.db);
    await services.lottery.drawAndSettle(settledDraw.drawId);
    await services.lottery.cancel({ id: 1, name: 'owner', ip: '127.0.0.1' }, tala, cancelled.drawId, 'test');

    const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
    const record = (
      await get(`/wps/relay/MCSFE_getBetRecords?product=LOTT&from=${today}&to=${today}`, member.token)
    ).json();
    expect(record.success).toBe(true);
    const rows = record.value.list as {
      vendor: string;
      product: string;
      bet: number;
      win: number;
      status: string;
      gameName: string;
    }[];
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.vendor === 'LOTT' && r.product === 'LOTT')).toBe(true);
    expect(rows.map((r) => [r.bet, r.win, r.status])).toEqual([
      [300, 0, 'open'],
      [2_000, 0, 'rolledBack'],
      [500, 0, 'settled'],
      [1_000, 97_500, 'settled'],
    ]);
    expect(rows[0]!.gameName).toBe(`Vietnam North 1 min ${open.issueNo}`);
    // Totals count a refunded bet's stake as nothing.
    expect(record.value.totals).toMatchObject({ count: 4, bet: 1_800, win: 97_500, profit: 95_700 });
    const all = (
      await get(`/wps/relay/MCSFE_getBetRecords?product=ALL&from=${today}&to=${today}`, member.token)
    ).json();
    expect(all.value.total).toBe(4);

    const pl = (await get('/wps/relay/MCSFE_getProfitLoss?period=today', member.token)).json().value;
    expect(pl.products).toEqual([{ product: 'LOTT', count: 4, bet: 1_800, win: 97_500, profit: 95_700 }]);

    const balance = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
    expect(balance).toBe(100_000 - 1_000 - 500 - 300 + 97_500);
    const entries = await sql<{ type: string }>`
      SELECT e.type FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.member_id = ${member.id} AND e.type <> 'deposit' ORDER BY e.id`.execute(services.db);
    expect(entries.rows.map((r) => r.type)).toEqual(['bet', 'bet', 'bet', 'bet', 'payout', 'bet_refund']);
  });
});
