import crypto from 'node:crypto';
import { dayOf, dayStart } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const zone = tala.settings.whitelabel.timeZone;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const vendor = (
  await sql<{ code: string }>`SELECT code FROM game_vendors ORDER BY code LIMIT 1`.execute(services.db)
).rows[0]?.code as string;
let counter = 0;
const next = () => `${Date.now().toString(36)}${++counter}`;

async function member(prefix = 'g') {
  const username = `${prefix}${crypto.randomBytes(5).toString('hex')}`;
  const id = await services.members.create(tala, { username, password: 'secret-pass-1' });
  return { id, username };
}

async function deposit(memberId: number, amount: number, status: string, at: Date) {
  await sql`
    INSERT INTO deposits (merchant_id, member_id, order_no, channel, amount, status, bank_account, expires_at,
                          ledger_entry_id, created_at)
    VALUES (${tala.id}, ${memberId}, ${`SG${next()}`}, 'bank', ${amount}, ${status}, '{}'::jsonb, ${at},
            ${status === 'approved' ? 1 : null}, ${at})`.execute(services.db);
}

/** A vendor round of the member at `at`: its stake and, when won, its win. */
async function round(memberId: number, stake: number, won: number, at: Date) {
  const id = `sg-${next()}`;
  await sql`
    INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, round_id, amount, demo,
                                     request_hash, balance_after, created_at)
    VALUES (${vendor}, ${id}, 'bet', ${tala.id}, ${memberId}, ${id}, ${stake}, false, '\\x00', 0, ${at})`.execute(
    services.db,
  );
  if (won > 0)
    await sql`
      INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, round_id, amount,
                                       demo, request_hash, balance_after, created_at)
      VALUES (${vendor}, ${`${id}-w`}, 'win', ${tala.id}, ${memberId}, ${id}, ${won}, false, '\\x00', 0, ${at})`.execute(
      services.db,
    );
}

async function rejectedWithdrawal(memberId: number, at: Date) {
  const card = await sql<{ id: number }>`
    INSERT INTO bank_cards (merchant_id, member_id, bank_name, account_number, payee_name)
    VALUES (${tala.id}, ${memberId}, 'BDO', ${String(100_000_000 + counter++)}, 'Juan') RETURNING id`.execute(
    services.db,
  );
  await sql`
    INSERT INTO withdrawals (merchant_id, member_id, order_no, bank_card_id, amount, status, requires_second,
                             hold_entry_id, refunded_amount, created_at)
    VALUES (${tala.id}, ${memberId}, ${`SW${next()}`}, ${card.rows[0]?.id}, 50000, 'rejected', false, 1, 50000,
            ${at})`.execute(services.db);
}

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });

describe('the signal rules', async () => {
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  /** `hour` o'clock in the merchant's zone, `days` days before today. */
  const local = (days: number, hour: number) =>
    new Date(dayStart(dayOf(ago(days * DAY), zone), zone).getTime() + hour * HOUR + 5 * 60_000);

  const rising = await member('rise');
  await deposit(rising.id, 100_000, 'approved', ago(10 * DAY));
  await deposit(rising.id, 600_000, 'approved', ago(2 * DAY));
  const steady = await member('steady');
  await deposit(steady.id, 400_000, 'approved', ago(9 * DAY));
  await deposit(steady.id, 600_000, 'approved', ago(1 * DAY));
  const small = await member('small');
  await deposit(small.id, 100_000, 'approved', ago(1 * DAY));

  const declined = await member('decl');
  for (const d of [1, 2, 3])
    await deposit(declined.id, 20_000, d === 2 ? 'expired' : 'rejected', ago(d * DAY));
  const declinedTwice = await member('decl2');
  await deposit(declinedTwice.id, 20_000, 'rejected', ago(DAY));
  await deposit(declinedTwice.id, 20_000, 'rejected', ago(2 * DAY));
  await deposit(declinedTwice.id, 20_000, 'approved', ago(3 * DAY));
  const declinedLongAgo = await member('decl3');
  for (const d of [10, 11, 12]) await deposit(declinedLongAgo.id, 20_000, 'rejected', ago(d * DAY));

  const owl = await member('owl');
  for (const [days, hour] of [
    [1, 1],
    [1, 2],
    [2, 0],
    [2, 3],
    [3, 4],
    [4, 5],
  ] as const)
    await round(owl.id, 1000, 0, local(days, hour));
  const evening = await member('eve');
  for (const hour of [1, 2, 3, 4, 5]) await round(evening.id, 1000, 0, local(2, hour));
  for (const hour of [7, 9, 12, 18, 20, 22, 23]) await round(evening.id, 1000, 0, local(2, hour));

  const chaser = await member('chase');
  await round(chaser.id, 1_200_000, 0, local(3, 14));
  await round(chaser.id, 2_000_000, 100_000, local(2, 15));
  const calm = await member('calm');
  await round(calm.id, 1_200_000, 0, local(3, 14));
  await round(calm.id, 1_000_000, 0, local(2, 15));

  const canceller = await member('canc');
  await rejectedWithdrawal(canceller.id, ago(3 * DAY));
  await rejectedWithdrawal(canceller.id, ago(20 * DAY));
  const once = await member('once');
  await rejectedWithdrawal(once.id, ago(3 * DAY));
  await rejectedWithdrawal(once.id, ago(40 * DAY));

  const flagsOf = async () => {
    const rows = await sql<{ member_id: number; rule: string; detail: unknown }>`
      SELECT member_id, rule, detail FROM safer_gambling_flags WHERE cleared_at IS NULL`.execute(services.db);
    return rows.rows.map((r) => ({
      ...r,
      detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
    }));
  };

  it('flags exactly the members each rule describes, with why', async () => {
    const run = await services.saferGambling.runSignals(tala, now);
    expect(run).toEqual({ flagged: 5, cleared: 0 });
    const flags = await flagsOf();
    const who = (id: number) => flags.filter((f) => f.member_id === id).map((f) => f.rule);
    expect(who(rising.id)).toEqual(['deposits_rising']);
    expect(who(declined.id)).toEqual(['declined_deposits']);
    expect(who(owl.id)).toEqual(['night_play']);
    expect(who(chaser.id)).toEqual(['chasing_losses']);
    expect(who(canceller.id)).toEqual(['cancelled_withdrawals']);
    for (const m of [steady, small, declinedTwice, declinedLongAgo, evening, calm, once])
      expect(who(m.id)).toEqual([]);
    const detail = (id: number) => flags.find((f) => f.member_id === id)?.detail;
    expect(detail(rising.id)).toEqual({ recent: 600_000, prior: 100_000, days: 7 });
    expect(detail(declined.id)).toEqual({ count: 3, days: 7 });
    expect(detail(owl.id)).toMatchObject({ hours: 6 });
    expect(detail(chaser.id)).toMatchObject({ loss: 1_200_000, nextDayStakes: 2_000_000 });
    expect(detail(canceller.id)).toEqual({ count: 2, amount: 100_000, days: 30 });
  });

  it('keeps one flag per member and rule across runs, and clears it when the rule no longer holds', async () => {
    expect(await services.saferGambling.runSignals(tala, new Date(now.getTime() + 60_000))).toEqual({
      flagged: 0,
      cleared: 0,
    });
    expect((await flagsOf()).length).toBe(5);
    expect(await services.saferGambling.runSignals(tala, new Date(now.getTime() + 60 * DAY))).toEqual({
      flagged: 0,
      cleared: 5,
    });
    expect(await flagsOf()).toEqual([]);
    await services.saferGambling.runSignals(tala, now);
  });

  it('lists flagged members to operators with reasons, and records interactions with their own codes', async () => {
    const auth = await operatorAuth(app, 'support', 'support-demo-1');
    const list = await app.inject({
      url: '/admin-api/merchants/tala/safer-gambling/flags?pageSize=50',
      headers: { authorization: auth },
    });
    expect(list.statusCode).toBe(200);
    const value = list.json().value;
    expect(value.total).toBe(5);
    expect(value.lastRunAt).not.toBeNull();
    expect(value.list.find((m: { memberId: number }) => m.memberId === chaser.id)).toMatchObject({
      username: chaser.username,
      flags: [{ rule: 'chasing_losses' }],
      lastOutcome: null,
    });
    const byRule = await app.inject({
      url: '/admin-api/merchants/tala/safer-gambling/flags?rule=night_play',
      headers: { authorization: auth },
    });
    expect(byRule.json().value.list.map((m: { memberId: number }) => m.memberId)).toEqual([owl.id]);
    expect((await app.inject({ url: '/admin-api/merchants/tala/safer-gambling/flags' })).statusCode).toBe(
      401,
    );
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    expect(
      (
        await app.inject({
          url: '/admin-api/merchants/tala/safer-gambling/flags',
          headers: { authorization: content },
        })
      ).statusCode,
    ).toBe(403);

    const url = `/admin-api/merchants/tala/safer-gambling/members/${chaser.id}/interactions`;
    const record = (payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });
    const good = {
      channel: 'phone',
      note: 'Called about the loss; talked through limits.',
      outcome: 'advised',
    };
    for (const [payload, code, field] of [
      [{ ...good, channel: 'fax' }, 'interaction_channel_unknown', 'channel'],
      [{ ...good, outcome: 'fine' }, 'interaction_outcome_unknown', 'outcome'],
      [{ ...good, note: '   ' }, 'interaction_note_required', 'note'],
      [{ ...good, note: 42 }, 'interaction_note_required', 'note'],
      [{ ...good, note: 'x'.repeat(2001) }, 'interaction_note_too_long', 'note'],
    ] as const) {
      const refused = await record(payload);
      expect([refused.statusCode, refused.json().errorCode, refused.json().field]).toEqual([
        400,
        code,
        field,
      ]);
    }
    const saved = await record(good);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toMatchObject({ channel: 'phone', outcome: 'advised', note: good.note });
    const panel = (
      await app.inject({
        url: `/admin-api/merchants/tala/safer-gambling/members/${chaser.id}`,
        headers: { authorization: auth },
      })
    ).json().value;
    expect(panel.interactions).toHaveLength(1);
    expect(panel.flags.map((f: { rule: string }) => f.rule)).toContain('chasing_losses');
    const listed = (
      await app.inject({
        url: '/admin-api/merchants/tala/safer-gambling/flags?rule=chasing_losses',
        headers: { authorization: auth },
      })
    ).json().value.list[0];
    expect(listed.lastOutcome).toBe('advised');
    const audit = await sql<{ n: string }>`
      SELECT count(*) AS n FROM audit_log WHERE action = 'safer_gambling.interaction'
         AND target = ${`member:${chaser.id}`}`.execute(services.db);
    expect(Number(audit.rows[0]?.n)).toBe(1);
  });
});

describe('the activity statement', () => {
  async function funded(amount: number) {
    const m = await member('stmt');
    const account = await services.wallet.memberAccount(tala.id, m.id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `statement-deposit-${m.id}`,
      type: 'deposit',
      from: clearing,
      to: account,
      amount,
      actor: { type: 'system' },
    });
    const { token } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, m.id, '127.0.0.1'));
    return { ...m, token };
  }

  it('sums the member’s own deposits, bets and wins of this month, as JSON, CSV and PDF', async () => {
    services.slots.settings.paceMs = 0;
    const a = await funded(250_000);
    const b = await funded(90_000);
    let bets = 0;
    let wins = 0;
    for (let i = 0; i < 5; i++) {
      const spun = await app.inject({
        method: 'POST',
        url: '/wps/relay/SLOTS_spin',
        headers: headers(a.token),
        payload: { gameCode: 'TALA-RNG-0001', bet: 100, requestId: `stmt-${next()}` },
      });
      bets += spun.json().value.round.bet;
      wins += spun.json().value.round.win;
    }
    const month = dayOf(new Date(), zone).slice(0, 7);
    const summary = (
      await app.inject({ url: '/wps/relay/SAFER_statement?months=3', headers: headers(a.token) })
    ).json().value;
    expect(summary.months).toHaveLength(3);
    expect(summary.months.at(-1)).toEqual({
      month,
      deposits: 250_000,
      withdrawals: 0,
      bets,
      wins,
      net: wins - bets,
    });
    expect(summary.totals).toEqual({ deposits: 250_000, withdrawals: 0, bets, wins, net: wins - bets });
    expect(summary.username).toBe(a.username);

    const csv = await app.inject({
      url: '/wps/relay/SAFER_statementFile?format=csv&months=2',
      headers: headers(a.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`statement-${a.username}`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Month,Deposits,Withdrawals,Bets,Wins,Net (wins - bets)');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toBe(`${month},2500,0,${bets / 100},${wins / 100},${(wins - bets) / 100}`);
    const tagalog = await app.inject({
      url: '/wps/relay/SAFER_statementFile?format=csv',
      headers: { ...headers(a.token), language: 'TY' },
    });
    expect(tagalog.body.split('\r\n')[0]).toContain('Buwan');

    const pdf = await app.inject({
      url: '/wps/relay/SAFER_statementFile?format=pdf',
      headers: headers(a.token),
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toContain(a.username);

    // CN, ID, TH and VI have their own labels; a PDF keeps English ones where its Latin-1 font cannot draw them.
    const chinese = await app.inject({
      url: '/wps/relay/SAFER_statementFile?format=csv',
      headers: { ...headers(a.token), language: 'CN' },
    });
    expect(chinese.body.split('\r\n')[0]).toBe('月份,存款,提款,投注,派彩,净额（派彩 - 投注）');
    const pdfTitle = async (language: string) =>
      (
        await PDFDocument.load(
          (
            await app.inject({
              url: '/wps/relay/SAFER_statementFile?format=pdf',
              headers: { ...headers(a.token), language },
            })
          ).rawPayload,
        )
      ).getTitle();
    expect(await pdfTitle('ID')).toBe(`Laporan aktivitas - ${a.username}`);
    expect(await pdfTitle('TH')).toBe(`Activity statement - ${a.username}`);

    // Another member's statement holds only their own money; the request names no member to ask for another's.
    const other = (
      await app.inject({ url: '/wps/relay/SAFER_statement?months=1', headers: headers(b.token) })
    ).json().value;
    expect(other.username).toBe(b.username);
    expect(other.totals).toEqual({ deposits: 90_000, withdrawals: 0, bets: 0, wins: 0, net: 0 });
    const otherPdf = await PDFDocument.load(
      (await app.inject({ url: '/wps/relay/SAFER_statementFile?format=pdf', headers: headers(b.token) }))
        .rawPayload,
    );
    expect(otherPdf.getTitle()).toContain(b.username);
    expect(otherPdf.getTitle()).not.toContain(a.username);
  });

  it('refuses guests and bad formats', async () => {
    expect(
      (await app.inject({ url: '/wps/relay/SAFER_statementFile?format=csv', headers: headers() })).statusCode,
    ).toBe(401);
    const m = await funded(1000);
    const bad = await app.inject({
      url: '/wps/relay/SAFER_statementFile?format=doc',
      headers: headers(m.token),
    });
    expect([bad.statusCode, bad.json().errorCode, bad.json().field]).toEqual([
      400,
      'validation_failed',
      'format',
    ]);
    const months = await app.inject({
      url: '/wps/relay/SAFER_statement?months=99',
      headers: headers(m.token),
    });
    expect([months.statusCode, months.json().field]).toEqual([400, 'months']);
  });
});
