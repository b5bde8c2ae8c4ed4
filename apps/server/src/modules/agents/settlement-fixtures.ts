// Test support for contract settlement (settlement.test.ts and the tests beside it): members in a tree with money,
// contracts given by the back office and offered and accepted through the agents' calls, slot spins and vendor rounds
// of a chosen result at a chosen time, the merchant's contract settings, and the back office's runs and their
// cancel by two operators; and, for the tests of the schedule and of the server processes, the team figures a test
// expects (read from the rounds), members' history moved back in time, and many contracts written straight into the
// tables.
import crypto from 'node:crypto';
import type { ContractKind, ContractSettings, ContractTerms } from '@tala/contracts/agent-contracts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Services } from '../../services.ts';
import { type testApp, vendorCaller } from '../../testing/test-app.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

type Built = Pick<Awaited<ReturnType<typeof testApp>>, 'app' | 'services'>;
export type TestMember = { id: number; username: string; token: string };
export type Run = {
  id: number;
  kind: ContractKind;
  periodStart: string;
  periodEnd: string;
  status: string;
  bills: number;
  totalPaid: number;
  error: string | null;
};

/** The agents' call that offers, accepts, rejects or ends a contract of each kind (spec §7). */
export const contractCall: Record<ContractKind, string> = {
  dividend: 'MCS2_processDividendReq',
  dailySalary: 'MCS2_processDailySalContract',
  hourlySalary: 'MCS2_processContractHourSalary',
  realtimeSalary: 'MCSFE_processRealTimeSalaryContract',
};

export function settlementFixtures(built: Built, merchant: Merchant) {
  const { app, services } = built;
  const headers = (token: string) => ({ merchant: merchant.code, authorization: token });
  const clearing = () => services.wallet.houseAccount(merchant.id, 'house_deposit_clearing');
  let adjustments = 0;

  /** Moves money from the merchant's clearing account to a member (or back, with a negative amount). */
  async function fund(memberId: number, amount: number) {
    const account = await services.wallet.memberAccount(merchant.id, memberId);
    await services.wallet.transfer(services.db, {
      merchantId: merchant.id,
      idempotencyKey: `settlement-test-fund-${memberId}-${++adjustments}-${crypto.randomBytes(4).toString('hex')}`,
      type: 'adjustment',
      from: amount > 0 ? await clearing() : account,
      to: amount > 0 ? account : await clearing(),
      amount: Math.abs(amount),
      actor: { type: 'system' },
    });
  }

  /** A member of a type under an upline, with money in its wallet and a session. */
  async function member(type: number, uplineId: number | null, funds = 0): Promise<TestMember> {
    const username = `st${crypto.randomBytes(4).toString('hex')}`;
    const id = await services.members.create(merchant, { username, password: 'secret123', type, uplineId });
    if (funds > 0) await fund(id, funds);
    const { token } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, merchant, id, '127.0.0.1'));
    return { id, username, token };
  }

  const balance = async (id: number) =>
    services.wallet.balance(await services.wallet.memberAccount(merchant.id, id));

  let spins = 0;
  /** A slot spin now (its result is the game's). */
  async function spin(token: string, amount: number) {
    const response = await app.inject({
      method: 'POST',
      url: '/wps/relay/SLOTS_spin',
      headers: headers(token),
      payload: { gameCode: 'TALA-RNG-0001', bet: amount, requestId: `settle-spin-${Date.now()}-${++spins}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  let vendorCall: Awaited<ReturnType<typeof vendorCaller>> | undefined;
  const vendor = async (path: string, body: unknown) => {
    vendorCall ??= await vendorCaller(built);
    return vendorCall(path, body);
  };
  const vendorSessions = new Map<number, { token: string; playerId: string; gameCode: string }>();
  let rounds = 0;
  /**
   * A vendor round through the seamless wallet: the member stakes `stake` and wins `won`, at the instant `at` (a
   * vendor round keeps its bet's time, so a round reported late counts in the period it was played).
   */
  async function vendorRound(player: TestMember, stake: number, won: number, at: Date) {
    vendorCall ??= await vendorCaller(built); // the vendor's credentials, before the first launch
    let session = vendorSessions.get(player.id);
    if (!session) {
      const game = (
        await app.inject({
          url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
          headers: { merchant: merchant.code },
        })
      ).json().value.list[0];
      const launched = await app.inject({
        url: `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`,
        headers: headers(player.token),
      });
      expect(launched.statusCode, launched.body).toBe(200);
      const token = new URL(launched.json().value.url, 'http://x').searchParams.get('token') as string;
      const auth = (await vendor('authenticate', { token })).json().value;
      session = { token, playerId: auth.playerId, gameCode: auth.gameCode };
      vendorSessions.set(player.id, session);
    }
    const roundId = `settle-round-${player.id}-${++rounds}-${crypto.randomBytes(3).toString('hex')}`;
    const placed = await vendor('bet', {
      token: session.token,
      playerId: session.playerId,
      transactionId: `${roundId}-bet`,
      roundId,
      gameCode: session.gameCode,
      amount: stake,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    if (won > 0) {
      const paid = await vendor('win', {
        playerId: session.playerId,
        transactionId: `${roundId}-win`,
        roundId,
        gameCode: session.gameCode,
        amount: won,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    await sql`UPDATE vendor_transactions SET created_at = ${at} WHERE round_id = ${roundId}`.execute(
      services.db,
    );
  }

  /**
   * Has these members sat where they are in the tree, and their contracts been in force, since `since` (the tests
   * settle past periods: a bet counts for the agents its member was under then, a contract settles a period it was in
   * force at the end of).
   */
  async function since(memberIds: number[], at: Date) {
    await sql`UPDATE member_tree SET valid_from = ${at}
               WHERE descendant_id = ANY(${memberIds}::integer[]) AND valid_to IS NULL AND valid_from > ${at}`.execute(
      services.db,
    );
    await sql`UPDATE agent_contracts SET created_at = ${at}, decided_at = ${at}, started_at = ${at}
               WHERE member_id = ANY(${memberIds}::integer[]) AND status = 'active' AND started_at > ${at}`.execute(
      services.db,
    );
  }

  const settingsUrl = `/admin-api/merchants/${merchant.code}/contract-settings`;
  /** Changes the merchant's contract settings; answers a function that puts the earlier ones back. */
  async function contractSettings(
    owner: string,
    change: (settings: ContractSettings) => ContractSettings,
  ): Promise<() => Promise<void>> {
    const before = (await app.inject({ url: settingsUrl, headers: { authorization: owner } })).json().value;
    const put = async (settings: ContractSettings) => {
      const response = await app.inject({
        method: 'PUT',
        url: settingsUrl,
        headers: { authorization: owner },
        payload: settings,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put(change(structuredClone(before)));
    return () => put(before);
  }

  /** The merchant gives a top agent a contract (back office), in force at once; answers its id. */
  async function topContract(
    owner: string,
    memberId: number,
    kind: ContractKind,
    terms: Partial<ContractTerms>,
  ) {
    const response = await app.inject({
      method: 'PUT',
      url: `/admin-api/members/${memberId}/contracts/${kind}`,
      headers: { authorization: owner },
      payload: { terms },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.contract.id as number;
  }

  /** An upline offers a contract to its direct downline, which accepts it; answers the contract's id. */
  async function offerAccepted(
    kind: ContractKind,
    upline: TestMember,
    downline: TestMember,
    terms: Partial<ContractTerms>,
  ) {
    const url = `/wps/relay/${contractCall[kind]}`;
    const offer = await app.inject({
      method: 'POST',
      url,
      headers: headers(upline.token),
      payload: { action: 'offer', username: downline.username, terms },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const id = offer.json().value.contract.id as number;
    const accepted = await app.inject({
      method: 'POST',
      url,
      headers: headers(downline.token),
      payload: { action: 'accept', contractId: id },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return id;
  }

  const runsUrl = `/admin-api/merchants/${merchant.code}/settlement-runs`;
  /** The back office's settlement runs, newest period first. */
  async function runs(operator: string): Promise<Run[]> {
    const response = await app.inject({ url: runsUrl, headers: { authorization: operator } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value;
  }

  /** The run of a kind and period that is not cancelled. */
  async function runOf(operator: string, kind: ContractKind, period: { start: Date }) {
    return (await runs(operator)).find(
      (r) =>
        r.kind === kind &&
        r.status !== 'cancelled' &&
        new Date(r.periodStart).getTime() === period.start.getTime(),
    );
  }

  /** One operator asks to cancel a run with a reason, another approves: the two answers. */
  async function cancelRun(asker: string, approver: string, runId: number, reason = 'Settled again') {
    const url = `${runsUrl}/${runId}/cancel`;
    const asked = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: asker },
      payload: { reason },
    });
    if (asked.statusCode !== 200) return { asked, approved: undefined };
    const approved = await app.inject({
      method: 'POST',
      url: `${url}/approve`,
      headers: { authorization: approver },
    });
    return { asked, approved };
  }

  /** The back office's "run now" of the period of a kind around an instant. */
  function settleNow(operator: string, kind: ContractKind, at: Date, periodType = 'M') {
    return app.inject({
      method: 'POST',
      url: runsUrl,
      headers: { authorization: operator },
      payload: { kind, periodType, at: at.toISOString() },
    });
  }

  /** A member's bills of a kind whose period starts at one of these instants, not cancelled, oldest first. */
  async function billsOf(memberId: number, kind: ContractKind) {
    const { rows } = await sql<{
      id: string;
      period_start: Date;
      status: string;
      amount_due: string;
      amount_paid: string;
      carry_out: string;
      ledger_entry_id: string | null;
      statement: Record<string, number>;
    }>`
      SELECT id, period_start, status, amount_due, amount_paid, carry_out, ledger_entry_id, statement
        FROM contract_bills
       WHERE member_id = ${memberId} AND kind = ${kind} AND status <> 'cancelled'
       ORDER BY period_start`.execute(services.db);
    return rows.map((r) => ({
      id: Number(r.id),
      periodStart: r.period_start,
      status: r.status,
      due: Number(r.amount_due),
      paid: Number(r.amount_paid),
      carryOut: Number(r.carry_out),
      ledgerEntryId: r.ledger_entry_id === null ? null : Number(r.ledger_entry_id),
      statement: r.statement,
    }));
  }

  /** Runs `work` while the database refuses every contract bill ('disk full'): a run in it fails. */
  async function refusingBills<T>(work: () => Promise<T>) {
    await sql`CREATE FUNCTION test_refuse_bills() RETURNS trigger LANGUAGE plpgsql AS
              $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`.execute(services.db);
    await sql`CREATE TRIGGER test_refuse_bills BEFORE INSERT ON contract_bills
              FOR EACH ROW EXECUTE FUNCTION test_refuse_bills()`.execute(services.db);
    try {
      return await work();
    } finally {
      await sql`DROP TRIGGER test_refuse_bills ON contract_bills`.execute(services.db);
      await sql`DROP FUNCTION test_refuse_bills()`.execute(services.db);
    }
  }

  return {
    refusingBills,
    headers,
    fund,
    member,
    balance,
    spin,
    vendorRound,
    since,
    contractSettings,
    topContract,
    offerAccepted,
    runs,
    runOf,
    cancelRun,
    settleNow,
    billsOf,
  };
}

/**
 * What the members' slot rounds add up to (the figures a team's bill is worked out from): stakes, what the house
 * kept, and the stakes of rounds the players won and lost (a real-time salary's bases), read from the rounds.
 */
export async function roundsOf(services: Services, memberIds: number[]) {
  const { rows } = await sql<{ volume: string; house: string; won: string; lost: string }>`
    SELECT COALESCE(SUM(bet), 0) AS volume, COALESCE(SUM(bet - win - jackpot_win), 0) AS house,
           COALESCE(SUM(bet) FILTER (WHERE win + jackpot_win > bet), 0) AS won,
           COALESCE(SUM(bet) FILTER (WHERE win + jackpot_win <= bet), 0) AS lost
      FROM slots_rounds WHERE member_id = ANY(${memberIds}::int[])`.execute(services.db);
  const r = rows[0];
  return {
    volume: Number(r?.volume),
    houseResult: Number(r?.house),
    winVolume: Number(r?.won),
    lossVolume: Number(r?.lost),
  };
}

/**
 * Moves the members' history back by `ms`, as if it had all happened then: their places in the tree, their
 * contracts and their slot rounds. A server process settles on the wall clock, which a test cannot move: a team that
 * bet "yesterday" is one whose bets were moved there.
 */
export async function moveBack(services: Services, memberIds: number[], ms: number) {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  await services.db.transaction().execute(async (trx) => {
    await sql`UPDATE member_tree SET valid_from = valid_from - ${by}
               WHERE descendant_id = ANY(${memberIds}::int[]) AND valid_to IS NULL`.execute(trx);
    await sql`UPDATE agent_contracts SET created_at = created_at - ${by}, decided_at = decided_at - ${by},
                     started_at = started_at - ${by}
               WHERE member_id = ANY(${memberIds}::int[])`.execute(trx);
    await sql`UPDATE slots_rounds SET created_at = created_at - ${by}
               WHERE member_id = ANY(${memberIds}::int[])`.execute(trx);
  });
}

/**
 * `count` top agents, each with a contract of `kind` from the merchant on `terms` since an hour before `at`, and one
 * player below it with one lost sports bet of `stake` settled at `at`: written straight into the tables (members,
 * whose trigger builds the tree; main accounts; contracts; bets), as the settlement bench does, since thousands made
 * through the calls would take minutes. Answers the agents' ids.
 */
export async function manyAgents(
  services: Services,
  merchant: Merchant,
  options: { count: number; kind: ContractKind; terms: object; stake: number; at: Date },
) {
  const { count, kind, terms, stake, at } = options;
  const since = new Date(at.getTime() - 3_600_000);
  const prefix = `ma${crypto.randomBytes(3).toString('hex')}`;
  const db = services.db;
  const insert = async (tag: string, type: number, uplines: number[] | null) => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO members (merchant_id, username, type, upline_id)
      SELECT ${merchant.id}, ${`${prefix}${tag}`} || i, ${type},
             ${uplines === null ? null : sql`(${uplines}::int[])[1 + i]`}
        FROM generate_series(0, ${count - 1}) i
      RETURNING id`.execute(db);
    return rows.map((r) => r.id);
  };
  const agents = await insert('a', 1, null);
  const players = await insert('p', 0, agents);
  await sql`UPDATE member_tree SET valid_from = ${since}
             WHERE descendant_id = ANY(${[...agents, ...players]}::int[])`.execute(db);
  await sql`SELECT ledger_open_account(${merchant.id}, 'member_main', id, NULL, NULL, false, 1::smallint)
              FROM unnest(${agents}::int[]) AS id`.execute(db);
  await sql`
    INSERT INTO agent_contracts (merchant_id, kind, member_id, upline_id, terms, status, created_at, decided_at,
                                 started_at)
    SELECT ${merchant.id}, ${kind}, id, NULL, ${JSON.stringify(terms)}::jsonb, 'active', ${since}, ${since}, ${since}
      FROM unnest(${agents}::int[]) AS id`.execute(db);
  // The stakes went to the sportsbook's house account in one entry, which every bet refers to as placed bets do.
  const placed = await services.wallet.transfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `${prefix}-stakes`,
    type: 'adjustment',
    from: await services.wallet.houseAccount(merchant.id, 'house_deposit_clearing'),
    to: await services.wallet.houseAccount(merchant.id, 'house_vendor', 'TSPORT'),
    amount: stake * count,
    actor: { type: 'system' },
  });
  await sql`
    INSERT INTO sports_bets (merchant_id, member_id, request_id, kind, product, vendor_code, stake, potential_return,
                             odds_preference, odds_format, status, returned, placed_entry_id, created_at, settled_at)
    SELECT ${merchant.id}, id, ${`${prefix}bet`} || id, 'single', 'SPORTS', 'TSPORT', ${stake}, ${stake * 2}, 'any',
           'decimal', 'lost', 0, ${placed.entryId}, ${at}, ${at}
      FROM unnest(${players}::int[]) AS id`.execute(db);
  return agents;
}
