import { dayOf } from '@tala/contracts/calendar';
import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';
import { officeRepository } from './office.repository.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const game = gameByCode('VNN1')!;
let requests = 0;
const requestId = () => `rec-${Date.now().toString(36)}-${++requests}`;
const get = (url: string, token: string) =>
  app.inject({ url, headers: { merchant: 'tala', authorization: token } });

/** A member's bets on one game in the Lott prize mode, as the site places them. */
function betsOn(who: Parameters<typeof services.lottery.placeBet>[1], gameCode: string) {
  return (issueNo: string, betType: string, picks: number[], stakePerLine: number) =>
    services.lottery.placeBet(tala, who, {
      gameCode,
      issueNo,
      betType,
      prizeMode: 'Lott',
      picks,
      stakePerLine,
      requestId: requestId(),
    });
}

describe('lottery bets in the member’s records (product LOTT)', () => {
  it('shows open, won, lost and refunded bets in the betting record, the P&L and the account record', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const who = { id: member.id, merchant_id: tala.id, type: 0 };
    const settledDraw = await testDraw(services, tala, { closes: 30_000 });
    const result = drawResult(game, settledDraw.serverSeed, settledDraw.issueNo) as { prizes: string[][] };
    const special = result.prizes[0]![0]!;
    const bet = betsOn(who, 'VNN1');
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
    expect(pl.products).toEqual([
      { product: 'LOTT', count: 4, bet: 1_800, win: 97_500, rebate: 0, profit: 95_700 },
    ]);

    const balance = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
    expect(balance).toBe(100_000 - 1_000 - 500 - 300 + 97_500);
    const entries = await sql<{ type: string }>`
      SELECT e.type FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.member_id = ${member.id} AND e.type <> 'deposit' ORDER BY e.id`.execute(services.db);
    expect(entries.rows.map((r) => r.type)).toEqual(['bet', 'bet', 'bet', 'bet', 'payout', 'bet_refund']);
  });
});

describe('lottery rebates in the member’s records (decision 042)', () => {
  it('shows a settled bet’s rebate in its betting record row, as its own rebate line of product LOTT in the account record, and in the P&L, the totals adding up to the balance', async () => {
    // VNN3 pays a 2% rebate in Lott (basis points), the other games of this file none.
    await officeRepository().saveGameSettings(services.db, {
      merchantId: tala.id,
      gameCode: 'VNN3',
      enabled: true,
      onSale: true,
      rebates: { Lott: 200, ZY: 0, Elott: 0, SEA: 0 },
      operatorId: 1,
    });
    const vnn3 = gameByCode('VNN3')!;
    const member = await lotteryMember(services, tala, 100_000);
    const who = { id: member.id, merchant_id: tala.id, type: 0 };
    const drawn = await testDraw(services, tala, { closes: 30_000 }, { gameCode: 'VNN3' });
    const special = (drawResult(vnn3, drawn.serverSeed, drawn.issueNo) as { prizes: string[][] })
      .prizes[0]![0]!;
    const bet = betsOn(who, 'VNN3');
    await bet(drawn.issueNo, 'de', [Number(special.slice(-2))], 1_000); // wins ×97.5, rebate 20
    await bet(drawn.issueNo, 'bacang', [(Number(special.slice(-3)) + 1) % 1000], 550); // loses, rebate 11
    const open = await testDraw(services, tala, { closes: 30_000 }, { gameCode: 'VNN3' });
    await bet(open.issueNo, 'lo2', [7], 300); // open: no rebate yet
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ${drawn.drawId}`.execute(services.db);
    await services.lottery.drawAndSettle(drawn.drawId);

    const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
    const record = (
      await get(`/wps/relay/MCSFE_getBetRecords?product=LOTT&from=${today}&to=${today}`, member.token)
    ).json().value;
    const rows = record.list as {
      bet: number;
      win: number;
      rebate: number;
      profit: number;
      status: string;
    }[];
    expect(rows.map((r) => [r.bet, r.win, r.rebate, r.profit, r.status])).toEqual([
      [300, 0, 0, -300, 'open'],
      [550, 0, 11, -539, 'settled'],
      [1_000, 97_500, 20, 96_520, 'settled'],
    ]);
    expect(record.totals).toEqual({ count: 3, bet: 1_850, win: 97_500, rebate: 31, profit: 95_681 });
    expect(record.totals.profit).toBe(rows.reduce((sum, r) => sum + r.profit, 0));

    const pl = (await get('/wps/relay/MCSFE_getProfitLoss?period=today', member.token)).json().value;
    expect(pl.products).toEqual([
      { product: 'LOTT', count: 3, bet: 1_850, win: 97_500, rebate: 31, profit: 95_681 },
    ]);
    expect(pl.totals).toEqual({ count: 3, bet: 1_850, win: 97_500, rebate: 31, profit: 95_681 });

    const history = (await get('/wps/relay/PAY_transactionHistory?pageSize=50', member.token)).json().value;
    const lines = history.list as { type: string; amount: number; product: string | null; memo: string }[];
    expect(lines.map((l) => [l.type, l.amount, l.product]).sort()).toEqual(
      [
        ['deposit', 100_000, null],
        ['bet', -1_000, 'LOTT'],
        ['bet', -550, 'LOTT'],
        ['bet', -300, 'LOTT'],
        ['payout', 97_500, 'LOTT'],
        ['rebate', 20, 'LOTT'],
        ['rebate', 11, 'LOTT'],
      ].sort(),
    );
    const rebates = (await get('/wps/relay/PAY_transactionHistory?types=rebate', member.token)).json().value;
    expect(rebates.list.map((l: { amount: number }) => l.amount).sort()).toEqual([11, 20]);
    expect(rebates.list.every((l: { memo: string }) => l.memo.includes('rebate of bet'))).toBe(true);

    // Every line of play adds up to the P&L's profit, and the balance to the deposit plus it.
    const play = lines.filter((l) => l.product === 'LOTT').reduce((sum, l) => sum + l.amount, 0);
    expect(play).toBe(pl.totals.profit);
    const balance = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
    expect(balance).toBe(100_000 + pl.totals.profit);
  });
});
