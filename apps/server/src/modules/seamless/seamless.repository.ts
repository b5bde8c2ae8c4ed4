import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';

export type VendorTransactionRow = {
  vendor_code: string;
  transaction_id: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  merchant_id: number;
  member_id: number;
  round_id: string;
  amount: number;
  demo: boolean;
  request_hash: Buffer;
  ledger_entry_id: number | null;
  balance_after: number;
  rolled_back: boolean;
};

export function seamlessRepository() {
  return {
    credentials(db: Database, vendorCode: string) {
      return db
        .selectFrom('vendor_credentials')
        .select(['vendor_code', 'api_secret', 'launch_url', 'enabled', 'free_round_wins'])
        .where('vendor_code', '=', vendorCode)
        .executeTakeFirst();
    },

    upsertCredentials(db: Database, values: { vendor_code: string; api_secret: string; launch_url: string }) {
      return db
        .insertInto('vendor_credentials')
        .values(values)
        .onConflict((oc) =>
          oc.column('vendor_code').doUpdateSet({
            api_secret: values.api_secret,
            launch_url: values.launch_url,
            updated_at: new Date(),
          }),
        )
        .execute();
    },

    setCredentialsSwitches(
      db: Database,
      vendorCode: string,
      switches: { enabled: boolean; freeRoundWins: boolean },
    ) {
      return db
        .updateTable('vendor_credentials')
        .set({ enabled: switches.enabled, free_round_wins: switches.freeRoundWins, updated_at: new Date() })
        .where('vendor_code', '=', vendorCode)
        .execute();
    },

    allCredentials(db: Database) {
      return db
        .selectFrom('vendor_credentials')
        .select(['vendor_code', 'api_secret', 'launch_url', 'enabled', 'free_round_wins', 'updated_at'])
        .execute();
    },

    /** Records a nonce; false when the vendor used it before. */
    async rememberNonce(db: Database, vendorCode: string, nonce: string): Promise<boolean> {
      const inserted = await db
        .insertInto('vendor_nonces')
        .values({ vendor_code: vendorCode, nonce })
        .onConflict((oc) => oc.doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    forgetNoncesBefore(db: Database, before: Date) {
      return db.deleteFrom('vendor_nonces').where('seen_at', '<', before).execute();
    },

    openSession(
      db: Database,
      values: {
        token_hash: Buffer;
        merchant_id: number;
        member_id: number;
        vendor_code: string;
        game_node_id: number;
        nickname: string;
        demo: boolean;
      },
    ) {
      return db.transaction().execute(async (trx) => {
        // One open game session per member and vendor: a new launch ends the previous one.
        await trx
          .updateTable('game_sessions')
          .set({ ended_at: new Date() })
          .where('member_id', '=', values.member_id)
          .where('vendor_code', '=', values.vendor_code)
          .where('ended_at', 'is', null)
          .execute();
        return trx.insertInto('game_sessions').values(values).returning('id').executeTakeFirstOrThrow();
      });
    },

    sessionByToken(db: Database, tokenHash: Buffer) {
      return db
        .selectFrom('game_sessions')
        .innerJoin('games', 'games.node_id', 'game_sessions.game_node_id')
        .select([
          'game_sessions.id',
          'game_sessions.merchant_id',
          'game_sessions.member_id',
          'game_sessions.vendor_code',
          'game_sessions.game_node_id',
          'game_sessions.nickname',
          'game_sessions.demo',
          'game_sessions.created_at',
          'game_sessions.ended_at',
          'games.game_code',
        ])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** The member's latest game session with this vendor: which merchant and which money (real or demo). */
    latestSession(db: Database, vendorCode: string, memberId: number) {
      return db
        .selectFrom('game_sessions')
        .select(['id', 'merchant_id', 'member_id', 'demo', 'nickname', 'ended_at'])
        .where('vendor_code', '=', vendorCode)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    endSessionsOf(db: Database, memberId: number) {
      return db
        .updateTable('game_sessions')
        .set({ ended_at: new Date() })
        .where('member_id', '=', memberId)
        .where('ended_at', 'is', null)
        .execute();
    },

    /** Claims a transaction id; undefined when the vendor used it before (then read the existing row). */
    async claim(
      db: Database,
      row: Omit<VendorTransactionRow, 'rolled_back'> & {
        session_id: number | null;
        game_node_id: number | null;
      },
    ) {
      return db
        .insertInto('vendor_transactions')
        .values(row)
        .onConflict((oc) => oc.columns(['vendor_code', 'transaction_id']).doNothing())
        .returning('transaction_id')
        .executeTakeFirst();
    },

    transaction(
      db: Database,
      vendorCode: string,
      transactionId: string,
      lock = false,
    ): Promise<VendorTransactionRow | undefined> {
      let query = db
        .selectFrom('vendor_transactions')
        .select([
          'vendor_code',
          'transaction_id',
          'kind',
          'merchant_id',
          'member_id',
          'round_id',
          'amount',
          'demo',
          'request_hash',
          'ledger_entry_id',
          'balance_after',
          'rolled_back',
        ])
        .where('vendor_code', '=', vendorCode)
        .where('transaction_id', '=', transactionId);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst() as Promise<VendorTransactionRow | undefined>;
    },

    settle(
      db: Database,
      vendorCode: string,
      transactionId: string,
      entryId: number | null,
      balanceAfter: number,
    ) {
      return db
        .updateTable('vendor_transactions')
        .set({ ledger_entry_id: entryId, balance_after: balanceAfter })
        .where('vendor_code', '=', vendorCode)
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    markRolledBack(db: Database, vendorCode: string, transactionId: string) {
      return db
        .updateTable('vendor_transactions')
        .set({ rolled_back: true })
        .where('vendor_code', '=', vendorCode)
        .where('transaction_id', '=', transactionId)
        .execute();
    },

    /**
     * Rounds (bets with their wins) for the betting record and the back office's bets explorer, newest first, with
     * the totals of the whole filtered range. Real money only unless `demo` says otherwise.
     */
    async rounds(db: Database, filters: RoundFilters, page: { limit: number; offset: number }) {
      const base = roundsBase(db, filters, { freeRounds: true });
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(sql<number>`CASE WHEN b.rolled_back THEN 0 ELSE b.amount END`),
              sql<number>`0`,
            )
            .as('stake'),
          eb.fn.coalesce(eb.fn.sum<number>(roundWon), sql<number>`0`).as('won'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .select((_eb) => [
          'b.transaction_id',
          'b.round_id',
          'b.vendor_code',
          'b.member_id',
          'm.username',
          'b.amount',
          'b.demo',
          'b.rolled_back',
          'b.free_round',
          'b.created_at',
          'g.name',
          'l.vassalage',
          roundWon.as('won'),
          sql<number>`CASE WHEN b.kind = 'win' THEN 1 ELSE (SELECT count(*) FROM vendor_transactions w WHERE w.vendor_code = b.vendor_code AND w.round_id = b.round_id AND w.member_id = b.member_id AND w.kind = 'win' AND NOT w.free_round) END`.as(
            'wins',
          ),
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.transaction_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          // A free round's row is its win: it staked nothing.
          amount: r.free_round ? 0 : r.amount,
          won: Number(r.won ?? 0),
          wins: Number(r.wins ?? 0),
        })),
        count: Number(totals.count),
        stake: Number(totals.stake),
        won: Number(totals.won),
      };
    },

    /** Stakes and wins of real rounds per day (in `timeZone`), vendor and product line, for reports. */
    async roundTotals(db: Database, filters: RoundFilters & { timeZone: string }) {
      const rows = await roundsBase(db, filters)
        .select((eb) => [
          sql<string>`to_char(b.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          'b.vendor_code',
          'l.vassalage',
          eb.fn.countAll<number>().as('count'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(sql<number>`CASE WHEN b.rolled_back THEN 0 ELSE b.amount END`),
              sql<number>`0`,
            )
            .as('stake'),
          eb.fn.coalesce(eb.fn.sum<number>(allWinsOfRound), sql<number>`0`).as('won'),
        ])
        .groupBy(['day', 'b.vendor_code', 'l.vassalage'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        vendorCode: r.vendor_code,
        vassalage: r.vassalage,
        count: Number(r.count),
        stake: Number(r.stake),
        won: Number(r.won),
      }));
    },

    /** Stakes and wins per member and product line (the agent centre's profit and loss and overview). */
    async memberTotals(db: Database, filters: RoundFilters) {
      const rows = await roundsBase(db, filters)
        .select((eb) => [
          'b.member_id',
          'm.username',
          'l.vassalage',
          eb.fn.countAll<number>().as('count'),
          eb.fn
            .coalesce(
              eb.fn.sum<number>(sql<number>`CASE WHEN b.rolled_back THEN 0 ELSE b.amount END`),
              sql<number>`0`,
            )
            .as('stake'),
          eb.fn.coalesce(eb.fn.sum<number>(allWinsOfRound), sql<number>`0`).as('won'),
        ])
        .groupBy(['b.member_id', 'm.username', 'l.vassalage'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        vassalage: r.vassalage,
        count: Number(r.count),
        stake: Number(r.stake),
        won: Number(r.won),
      }));
    },

    /** The latest real wins of a merchant with the game and the winner's account, for the winner board. */
    winners(db: Database, merchantId: number, limit: number, vassalages?: string[]) {
      return db
        .selectFrom('vendor_transactions as w')
        .innerJoin('game_sessions as s', 's.id', 'w.session_id')
        .innerJoin('games as g', 'g.node_id', 's.game_node_id')
        .innerJoin('game_vendor_lines as l', 'l.node_id', 'g.line_node_id')
        .innerJoin('members as m', 'm.id', 'w.member_id')
        .select(['m.username', 'g.node_id', 'g.name', 'l.vassalage', 'w.amount', 'w.created_at'])
        .where('w.merchant_id', '=', merchantId)
        .where('w.kind', '=', 'win')
        .where('w.demo', '=', false)
        .where('w.amount', '>', 0)
        .$if(vassalages !== undefined, (q) =>
          q.where('l.vassalage', 'in', vassalages && vassalages.length > 0 ? vassalages : ['']),
        )
        .orderBy('w.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The games a member launched, the latest launch of each first. */
    async launchedGames(db: Database, memberId: number, limit: number) {
      const rows = await db
        .selectFrom('game_sessions')
        .select((eb) => ['game_node_id', eb.fn.max('created_at').as('last_at')])
        .where('member_id', '=', memberId)
        .groupBy('game_node_id')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ nodeId: r.game_node_id, at: new Date(r.last_at as unknown as string) }));
    },
  };
}

export type RoundFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  vendorCode?: string | undefined;
  /** Product lines (vassalage) to include; an empty list matches nothing. */
  vassalages?: string[] | undefined;
  demo?: boolean | undefined;
  /** An agent's team as it was at each round (the agent centre's reports). */
  team?: TeamScope | undefined;
};

/** Every win of a bet's round, free rounds' included (the reports' "won"). */
const allWinsOfRound = sql<number>`(SELECT COALESCE(SUM(w.amount), 0) FROM vendor_transactions w WHERE w.vendor_code = b.vendor_code AND w.round_id = b.round_id AND w.member_id = b.member_id AND w.kind = 'win')`;

/**
 * What a round row won: a bet's round, the wins of the player in it (a free round's win is its own row); a free
 * round's row, its win.
 */
const roundWon = sql<number>`CASE WHEN b.kind = 'win' THEN b.amount ELSE (SELECT COALESCE(SUM(w.amount), 0) FROM vendor_transactions w WHERE w.vendor_code = b.vendor_code AND w.round_id = b.round_id AND w.member_id = b.member_id AND w.kind = 'win' AND NOT w.free_round) END`;

/**
 * Rounds as bets (with `freeRounds`, also the wins of free rounds, which have no bet: the records show them, the
 * game report does not, since the promotion account paid them).
 */
function roundsBase(db: Database, filters: RoundFilters, options: { freeRounds?: boolean } = {}) {
  return db
    .selectFrom('vendor_transactions as b')
    .innerJoin('games as g', 'g.node_id', 'b.game_node_id')
    .innerJoin('game_vendor_lines as l', 'l.node_id', 'g.line_node_id')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .where((eb) =>
      options.freeRounds
        ? eb.or([eb('b.kind', '=', 'bet'), eb.and([eb('b.kind', '=', 'win'), eb('b.free_round', '=', true)])])
        : eb('b.kind', '=', 'bet'),
    )
    .where('b.demo', '=', filters.demo ?? false)
    .$if(filters.merchantId !== undefined, (q) => q.where('b.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('b.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('b.member_id'), sql.ref('b.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('b.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('b.created_at', '<', filters.to as Date))
    .$if(filters.vendorCode !== undefined, (q) => q.where('b.vendor_code', '=', filters.vendorCode as string))
    .$if(filters.vassalages !== undefined, (q) =>
      q.where(
        'l.vassalage',
        'in',
        filters.vassalages && filters.vassalages.length > 0 ? filters.vassalages : [''],
      ),
    );
}
