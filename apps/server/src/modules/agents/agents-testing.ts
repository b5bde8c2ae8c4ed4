// Fixtures of the settlement tests (issue 12 item 4): agents and players with money and a session, slot bets that
// count in their uplines' teams, contracts from the merchant and between agents through their real calls, the
// merchant's contract settings, the team figures a test expects (read from the rounds, not from settlement), and,
// for runs long enough to be killed in the middle, many contracts written straight into the tables.
import crypto from 'node:crypto';
import type { ContractKind, ContractSettings } from '@tala/contracts/agent-contracts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Services } from '../../services.ts';
import { operatorAuth, type testApp } from '../../testing/test-app.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

type Built = Pick<Awaited<ReturnType<typeof testApp>>, 'app' | 'services'>;

/** The contract call of each kind (§7). */
export const contractCalls: Record<ContractKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  dailySalary: '/wps/relay/MCS2_processDailySalContract',
  hourlySalary: '/wps/relay/MCS2_processContractHourSalary',
  realtimeSalary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

export type FixtureMember = { id: number; username: string; token: string };

/** The fixtures on one app and merchant, its owner signed in. */
export async function agentFixtures({ app, services }: Built, merchant: Merchant) {
  const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
  // Spins one after another, without the pace a player's spins are held to.
  services.slots.settings.paceMs = 0;
  const headers = (token: string) => ({ merchant: merchant.code, authorization: token });
  let spins = 0;

  return {
    owner,
    headers,

    /** A member (an agent: type 1) under `uplineId`, with `funds` deposited and a session. */
    async member(type: number, uplineId: number | null, funds = 0): Promise<FixtureMember> {
      const username = `st${crypto.randomBytes(4).toString('hex')}`;
      const id = await services.members.create(merchant, { username, password: 'secret123', type, uplineId });
      if (funds > 0) {
        await services.wallet.transfer(services.db, {
          merchantId: merchant.id,
          idempotencyKey: `settlement-test-${id}`,
          type: 'adjustment',
          from: await services.wallet.houseAccount(merchant.id, 'house_deposit_clearing'),
          to: await services.wallet.memberAccount(merchant.id, id),
          amount: funds,
          actor: { type: 'system' },
        });
      }
      const { token } = await services.db
        .transaction()
        .execute((trx) => services.members.startSession(trx, merchant, id, '127.0.0.1'));
      return { id, username, token };
    },

    /** One slot spin of the member's (a bet that counts in its uplines' teams at once). */
    async bet(token: string, amount: number) {
      const spin = await app.inject({
        method: 'POST',
        url: '/wps/relay/SLOTS_spin',
        headers: headers(token),
        payload: {
          gameCode: 'TALA-RNG-0001',
          bet: amount,
          requestId: `settle-spin-${Date.now()}-${++spins}`,
        },
      });
      expect(spin.statusCode, spin.body).toBe(200);
    },

    /** The merchant's contract of a top agent (back office), in force at once; answers its id. */
    async topContract(memberId: number, kind: ContractKind, terms: object) {
      const set = await app.inject({
        method: 'PUT',
        url: `/admin-api/members/${memberId}/contracts/${kind}`,
        headers: { authorization: owner },
        payload: { terms },
      });
      expect(set.statusCode, set.body).toBe(200);
      return set.json().value.contract.id as number;
    },

    /** An upline's offer to a direct downline, accepted; answers the contract's id. */
    async offer(kind: ContractKind, upline: FixtureMember, downline: FixtureMember, terms: object) {
      const offered = await app.inject({
        method: 'POST',
        url: contractCalls[kind],
        headers: headers(upline.token),
        payload: { action: 'offer', username: downline.username, terms },
      });
      expect(offered.json(), offered.body).toMatchObject({ success: true });
      const id = offered.json().value.contract.id as number;
      const accepted = await app.inject({
        method: 'POST',
        url: contractCalls[kind],
        headers: headers(downline.token),
        payload: { action: 'accept', contractId: id },
      });
      expect(accepted.json(), accepted.body).toMatchObject({ success: true });
      return id;
    },

    /** The merchant's contract settings, changed by `change` (back office); answers those before. */
    async settings(change: (settings: ContractSettings) => ContractSettings = (s) => s) {
      const url = `/admin-api/merchants/${merchant.code}/contract-settings`;
      const before = (await app.inject({ url, headers: { authorization: owner } })).json()
        .value as ContractSettings;
      const saved = await app.inject({
        method: 'PUT',
        url,
        headers: { authorization: owner },
        payload: change(structuredClone(before)),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return before;
    },

    async balance(memberId: number) {
      return services.wallet.balance(await services.wallet.memberAccount(merchant.id, memberId));
    },
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
