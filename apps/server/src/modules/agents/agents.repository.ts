import type { ContractKind, ContractTerms, PeriodType } from '@tala/contracts/agent-contracts';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  type AgentContractsTable,
  type ContractBillsTable,
  type SettlementRunsTable,
  withAgentTables,
} from './agents.tables.ts';
import type { TeamStats } from './contract-rules.ts';

export type ContractRow = Selectable<AgentContractsTable>;
export type BillRow = Selectable<ContractBillsTable>;
export type RunRow = Selectable<SettlementRunsTable>;

/** A run whose heartbeat is older than this is taken to have died with its process. */
export const STALE_RUN_SECONDS = 120;

/** SQL for the agents module's own tables (contracts, settings, settlement runs and bills). */
export function agentsRepository(db: Database) {
  const t = withAgentTables;
  const contractsWithNames = (executor: Database) =>
    t(executor)
      .selectFrom('agent_contracts as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .leftJoin('members as u', 'u.id', 'c.upline_id')
      .leftJoin('members as r', 'r.id', 'c.requested_by')
      .selectAll('c')
      .select(['m.username', 'u.username as upline_username', 'r.username as requested_username']);

  return {
    // ------------------------------------------------------------------ settings
    async settings(merchantId: number) {
      const row = await t(db)
        .selectFrom('agent_contract_settings')
        .select('settings')
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      return row?.settings;
    },

    async saveSettings(executor: Database, merchantId: number, settings: unknown) {
      await t(executor)
        .insertInto('agent_contract_settings')
        .values({ merchant_id: merchantId, settings: JSON.stringify(settings) })
        .onConflict((oc) =>
          oc
            .column('merchant_id')
            .doUpdateSet({ settings: JSON.stringify(settings), updated_at: sql`now()` }),
        )
        .execute();
    },

    // ------------------------------------------------------------------ contracts
    /** Inserts a request or contract; null when the member already has an open request (or contract) of the kind. */
    async insertContract(
      executor: Database,
      values: {
        merchant_id: number;
        kind: ContractKind;
        member_id: number;
        upline_id: number | null;
        request?: 'new' | 'termination';
        target_contract_id?: number | null;
        requested_by: number | null;
        operator_id?: number | null;
        terms: ContractTerms;
        status: 'offered' | 'active';
      },
    ): Promise<number | null> {
      const row = await t(executor)
        .insertInto('agent_contracts')
        .values({
          ...values,
          terms: JSON.stringify(values.terms),
          ...(values.status === 'active' ? { started_at: sql`now()`, decided_at: sql`now()` } : {}),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id === undefined ? null : Number(row.id);
    },

    contract(executor: Database, id: number, lock = false) {
      return contractsWithNames(executor)
        .where('c.id', '=', id)
        .$if(lock, (q) => q.forUpdate('c'))
        .executeTakeFirst();
    },

    inForce(executor: Database, memberId: number, kind: ContractKind) {
      return contractsWithNames(executor)
        .where('c.member_id', '=', memberId)
        .where('c.kind', '=', kind)
        .where('c.status', '=', 'active')
        .executeTakeFirst();
    },

    /** Open requests a member is party to (as the downline or as the upline), newest first. */
    openRequests(memberId: number, kind: ContractKind) {
      return contractsWithNames(db)
        .where('c.kind', '=', kind)
        .where('c.status', '=', 'offered')
        .where((eb) => eb.or([eb('c.member_id', '=', memberId), eb('c.upline_id', '=', memberId)]))
        .orderBy('c.id', 'desc')
        .execute();
    },

    /** The contracts an upline holds with its direct downline, in force. */
    downlineContracts(uplineId: number, kind: ContractKind) {
      return contractsWithNames(db)
        .where('c.upline_id', '=', uplineId)
        .where('c.kind', '=', kind)
        .where('c.status', '=', 'active')
        .orderBy('m.username')
        .execute();
    },

    /** The contracts in force of these members (team management's rates column). */
    inForceOf(memberIds: number[]) {
      if (memberIds.length === 0) return Promise.resolve([]);
      return t(db)
        .selectFrom('agent_contracts')
        .select(['member_id', 'kind', 'terms'])
        .where('member_id', 'in', memberIds)
        .where('status', '=', 'active')
        .execute();
    },

    /** Contracts of a member, any status, newest first (the back office's history). */
    contractsOf(memberId: number) {
      return contractsWithNames(db)
        .where('c.member_id', '=', memberId)
        .orderBy('c.id', 'desc')
        .limit(200)
        .execute();
    },

    /** Contracts of the kind in force anywhere below a member now, nearest first. */
    async inForceBelow(executor: Database, memberId: number, kind: ContractKind) {
      return t(executor)
        .selectFrom('agent_contracts as c')
        .innerJoin('member_tree as tr', 'tr.descendant_id', 'c.member_id')
        .selectAll('c')
        .select(['tr.depth as depth'])
        .where('tr.ancestor_id', '=', memberId)
        .where('tr.depth', '>', 0)
        .where('tr.valid_to', 'is', null)
        .where('c.kind', '=', kind)
        .where('c.status', '=', 'active')
        .orderBy('tr.depth')
        .forUpdate('c')
        .execute();
    },

    async setStatus(
      executor: Database,
      id: number,
      status: 'active' | 'rejected' | 'ended' | 'withdrawn',
      endReason: string | null = null,
    ) {
      await t(executor)
        .updateTable('agent_contracts')
        .set({
          status,
          decided_at: sql`COALESCE(decided_at, now())`,
          ...(status === 'active' ? { started_at: sql`now()` } : {}),
          ...(status === 'ended' ? { ended_at: sql`now()`, end_reason: endReason } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Contracts of a kind in force at the end of a period, with their holder's depth in the tree now. */
    async inForceAt(merchantId: number, kind: ContractKind, end: Date) {
      const rows = await t(db)
        .selectFrom('agent_contracts as c')
        .select([
          'c.id',
          'c.member_id',
          'c.upline_id',
          'c.terms',
          sql<number>`(SELECT max(tr.depth) FROM member_tree tr WHERE tr.descendant_id = c.member_id AND tr.valid_to IS NULL)`.as(
            'depth',
          ),
        ])
        .where('c.merchant_id', '=', merchantId)
        .where('c.kind', '=', kind)
        .where('c.request', '=', 'new')
        .where('c.started_at', '<', end)
        .where((eb) =>
          eb.or([
            eb('c.status', '=', 'active'),
            eb.and([eb('c.status', '=', 'ended'), eb('c.ended_at', '>=', end)]),
          ]),
        )
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), depth: Number(r.depth ?? 0) }));
    },

    /**
     * The period types of the merchant's dividend contracts that a closed period may still owe (absent in terms: the
     * default, M): in force, or ended within the schedule's longest look-back (three monthly periods).
     */
    async dividendTypesInForce(merchantId: number): Promise<PeriodType[]> {
      const { rows } = await sql<{ period_type: PeriodType }>`
        SELECT DISTINCT COALESCE(terms->>'periodType', 'M') AS period_type FROM agent_contracts
         WHERE merchant_id = ${merchantId} AND kind = 'dividend'
           AND (status = 'active' OR (status = 'ended' AND ended_at > now() - interval '3 months'))`.execute(
        db,
      );
      return rows.map((r) => r.period_type);
    },

    /**
     * Whether the merchant has a contract of the kind that a closed period may still owe: in force, or ended within the
     * longest look-back of the schedule (three monthly dividend periods), which its last periods may still wait for.
     */
    async anyInForce(merchantId: number, kind: ContractKind) {
      const row = await t(db)
        .selectFrom('agent_contracts')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'active'),
            eb.and([eb('status', '=', 'ended'), eb('ended_at', '>', sql<Date>`now() - interval '3 months'`)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    // ------------------------------------------------------------------ the team's figures of a period
    /**
     * Each agent's team in a period (everyone below it, as the tree was at each round): valid bets, the house's
     * result, active members, and for real-time salary the stakes of qualifying bets (≥ its minimum) won and lost.
     */
    async teamStats(
      merchantId: number,
      agents: { agentId: number; minStake: number }[],
      period: { start: Date; end: Date },
    ): Promise<Map<number, TeamStats>> {
      const stats = new Map<number, TeamStats>();
      if (agents.length === 0) return stats;
      const { rows } = await sql<{
        agent_id: number;
        volume: string;
        house: string;
        active: string;
        win_volume: string;
        loss_volume: string;
      }>`
        SELECT h.agent_id,
               COALESCE(SUM(r.stake), 0) AS volume,
               COALESCE(SUM(r.stake - r.won), 0) AS house,
               COUNT(DISTINCT r.member_id) AS active,
               COALESCE(SUM(r.stake) FILTER (WHERE r.stake >= h.min_stake AND r.won > r.stake), 0) AS win_volume,
               COALESCE(SUM(r.stake) FILTER (WHERE r.stake >= h.min_stake AND r.won <= r.stake), 0) AS loss_volume
          FROM unnest(${agents.map((a) => a.agentId)}::integer[], ${agents.map((a) => a.minStake)}::bigint[])
               AS h (agent_id, min_stake)
          JOIN member_tree tr ON tr.ancestor_id = h.agent_id AND tr.depth > 0
          JOIN bet_rounds r ON r.member_id = tr.descendant_id AND r.merchant_id = ${merchantId}
           AND r.created_at >= ${period.start} AND r.created_at < ${period.end} AND r.stake > 0
           AND tr.valid_from <= r.created_at AND (tr.valid_to IS NULL OR tr.valid_to > r.created_at)
         GROUP BY h.agent_id`.execute(db);
      for (const r of rows)
        stats.set(r.agent_id, {
          volume: Number(r.volume),
          houseResult: Number(r.house),
          activeMembers: Number(r.active),
          winVolume: Number(r.win_volume),
          lossVolume: Number(r.loss_volume),
        });
      return stats;
    },

    // ------------------------------------------------------------------ settlement runs and bills
    /**
     * Claims the run of a kind and period: a new one, or one whose process died (stale heartbeat), or a failed one
     * being retried. Null when it is done, cancelled-pending, or alive in another process.
     */
    async claimRun(
      merchantId: number,
      kind: ContractKind,
      period: { start: Date; end: Date },
      retryFailed: boolean,
      executor: Database = db,
    ): Promise<RunRow | null> {
      const inserted = await t(executor)
        .insertInto('settlement_runs')
        .values({
          merchant_id: merchantId,
          kind,
          period_start: period.start,
          period_end: period.end,
          status: 'running',
        })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'kind', 'period_start', 'period_end'])
            .where('status', '<>', 'cancelled')
            .doNothing(),
        )
        .returningAll()
        .executeTakeFirst();
      if (inserted) return inserted;
      const taken = await t(executor)
        .updateTable('settlement_runs')
        .set({ status: 'running', heartbeat_at: sql`now()`, error: null })
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('period_start', '=', period.start)
        .where('period_end', '=', period.end)
        .where((eb) =>
          eb.or([
            eb.and([
              eb('status', '=', 'running'),
              eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${STALE_RUN_SECONDS})`),
            ]),
            ...(retryFailed ? [eb('status', '=', 'failed')] : []),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
      return taken ?? null;
    },

    /**
     * The run of a period that is not cancelled, if any; `share` locks it against a cancel until the caller's
     * transaction ends (a dividend settled on its previous period's bills).
     */
    periodRun(
      executor: Database,
      merchantId: number,
      kind: ContractKind,
      period: { start: Date; end: Date },
      lock: 'share' | null = null,
    ) {
      return t(executor)
        .selectFrom('settlement_runs')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('period_start', '=', period.start)
        .where('period_end', '=', period.end)
        .where('status', '<>', 'cancelled')
        .$if(lock === 'share', (q) => q.forShare())
        .executeTakeFirst();
    },

    /** The periods of a kind settled (their run done) since an instant, as `start/end` in milliseconds. */
    async donePeriods(merchantId: number, kind: ContractKind, since: Date) {
      const rows = await t(db)
        .selectFrom('settlement_runs')
        .select(['period_start', 'period_end'])
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', kind)
        .where('status', '=', 'done')
        .where('period_start', '>=', since)
        .execute();
      return new Set(rows.map((r) => `${r.period_start.getTime()}/${r.period_end.getTime()}`));
    },

    async heartbeat(runId: number) {
      await t(db)
        .updateTable('settlement_runs')
        .set({ heartbeat_at: sql`now()` })
        .where('id', '=', runId)
        .execute();
    },

    async finishRun(runId: number, outcome: { status: 'done' | 'failed'; error?: string }) {
      await t(db)
        .updateTable('settlement_runs')
        .set((eb) => ({
          status: outcome.status,
          error: outcome.error ?? null,
          finished_at: sql`now()`,
          bills: eb
            .selectFrom('contract_bills')
            .select(eb.fn.countAll<number>().as('n'))
            .where('run_id', '=', runId),
          total_paid: eb
            .selectFrom('contract_bills')
            .select(sql<number>`COALESCE(SUM(amount_paid), 0)`.as('s'))
            .where('run_id', '=', runId),
        }))
        .where('id', '=', runId)
        .execute();
    },

    run(executor: Database, id: number, lock = false) {
      return t(executor)
        .selectFrom('settlement_runs')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    async runs(merchantId: number, limit: number) {
      return t(db)
        .selectFrom('settlement_runs')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('period_start', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async setRun(
      executor: Database,
      id: number,
      values: Partial<Pick<RunRow, 'status' | 'cancel_requested_by' | 'cancel_reason' | 'cancelled_by'>> & {
        cancelled?: boolean;
      },
    ) {
      const { cancelled, ...rest } = values;
      await t(executor)
        .updateTable('settlement_runs')
        .set({ ...rest, ...(cancelled ? { cancelled_at: sql`now()` } : {}) })
        .where('id', '=', id)
        .execute();
    },

    /** The bills of a period already written (a run resumed after a crash continues from them). */
    billsOfPeriod(contractIds: number[], periodStart: Date) {
      if (contractIds.length === 0) return Promise.resolve([] as BillRow[]);
      // One array parameter: a period may have 100,000 contracts, more than a statement's parameters.
      return t(db)
        .selectFrom('contract_bills')
        .selectAll()
        .where(sql<boolean>`contract_id = ANY(${contractIds}::bigint[])`)
        .where('period_start', '=', periodStart)
        .where('status', '<>', 'cancelled')
        .execute();
    },

    /**
     * What each member's dividend carries into a period, by member: the carry of its bill in the settled run of the
     * period just before (decision 071). A member without a bill there carries nothing.
     */
    async carriesInto(executor: Database, previousRunId: number | null) {
      const carries = new Map<number, number>();
      if (previousRunId === null) return carries;
      const rows = await t(executor)
        .selectFrom('contract_bills')
        .select(['member_id', 'carry_out'])
        .where('run_id', '=', previousRunId)
        .where('status', '<>', 'cancelled')
        .execute();
      for (const r of rows) carries.set(r.member_id, Number(r.carry_out));
      return carries;
    },

    /**
     * Writes a page of bills in one statement; answers the ids of those written by contract. A contract whose
     * period already has a bill (written before a crash, or by another process) is skipped.
     */
    async insertBills(
      executor: Database,
      values: (Omit<
        BillRow,
        | 'id'
        | 'created_at'
        | 'cancelled_at'
        | 'reversal_entry_id'
        | 'statement'
        | 'closed_at'
        | 'closed_by'
        | 'close_reason'
      > & {
        statement: object;
      })[],
    ) {
      const ids = new Map<number, number>();
      if (values.length === 0) return ids;
      const rows = await t(executor)
        .insertInto('contract_bills')
        .values(values.map((v) => ({ ...v, statement: JSON.stringify(v.statement) })))
        .onConflict((oc) =>
          oc.columns(['contract_id', 'period_start']).where('status', '<>', 'cancelled').doNothing(),
        )
        .returning(['id', 'contract_id'])
        .execute();
      for (const r of rows) ids.set(Number(r.contract_id), Number(r.id));
      return ids;
    },

    /** Sets what bills were paid and by which entries, in one statement. */
    async payBills(
      executor: Database,
      bills: { id: number; status: string; amount_paid: number; ledger_entry_id: number | null }[],
    ) {
      if (bills.length === 0) return;
      await sql`
        UPDATE contract_bills b
           SET status = u.status, amount_paid = u.amount_paid, ledger_entry_id = u.ledger_entry_id
          FROM unnest(${bills.map((b) => b.id)}::bigint[], ${bills.map((b) => b.status)}::text[],
                      ${bills.map((b) => b.amount_paid)}::bigint[],
                      ${bills.map((b) => b.ledger_entry_id)}::bigint[]) AS u (id, status, amount_paid, ledger_entry_id)
         WHERE b.id = u.id`.execute(executor);
    },

    billsOfRun(executor: Database, runId: number) {
      return t(executor)
        .selectFrom('contract_bills')
        .selectAll()
        .where('run_id', '=', runId)
        .where('status', '<>', 'cancelled')
        .forUpdate()
        .execute();
    },

    async cancelBill(executor: Database, id: number, reversalEntryId: number | null) {
      await t(executor)
        .updateTable('contract_bills')
        .set({ status: 'cancelled', reversal_entry_id: reversalEntryId, cancelled_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    // ------------------------------------------------------------------ bills an upline still owes (064)
    /** The ids of the merchant's bills an upline has not covered in full yet, oldest first. */
    async openUnpaidBills(merchantId: number) {
      const rows = await t(db)
        .selectFrom('contract_bills')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('status', 'in', ['insufficient_balance', 'partly_paid'])
        .orderBy('created_at')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** The merchant's open bills with their members' names (the back office's list). */
    owedBills(merchantId: number) {
      return t(db)
        .selectFrom('contract_bills as b')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .leftJoin('members as p', 'p.id', 'b.payer_member_id')
        .select([
          'b.id',
          'b.kind',
          'b.period_start',
          'b.period_end',
          'b.status',
          'b.amount_due',
          'b.amount_paid',
          'b.created_at',
          'm.username',
          'p.username as payer_username',
        ])
        .where('b.merchant_id', '=', merchantId)
        .where('b.status', 'in', ['insufficient_balance', 'partly_paid'])
        .orderBy('b.created_at')
        .limit(500)
        .execute();
    },

    lockBill(trx: Database, id: number) {
      return t(trx)
        .selectFrom('contract_bills')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    billPayments(executor: Database, billIds: number[]) {
      if (billIds.length === 0) return Promise.resolve([]);
      return t(executor)
        .selectFrom('contract_bill_payments')
        .selectAll()
        .where('bill_id', 'in', billIds)
        .orderBy('bill_id')
        .orderBy('seq')
        .execute();
    },

    /** Records a later payment of a locked bill and what the bill has been paid in all. */
    async addBillPayment(
      trx: Database,
      bill: { id: number; amount_due: number; amount_paid: number },
      payment: { seq: number; amount: number; ledger_entry_id: number },
    ) {
      await t(trx)
        .insertInto('contract_bill_payments')
        .values({ bill_id: bill.id, ...payment })
        .execute();
      const paid = Number(bill.amount_paid) + payment.amount;
      await t(trx)
        .updateTable('contract_bills')
        .set({ amount_paid: paid, status: paid < Number(bill.amount_due) ? 'partly_paid' : 'paid' })
        .where('id', '=', bill.id)
        .execute();
    },

    /** Ends a bill's collection: expired (by the schedule) or rejected (by an operator, with a reason). */
    async closeBill(
      trx: Database,
      id: number,
      values: { status: 'expired' | 'rejected'; closed_by: number | null; close_reason: string | null },
    ) {
      await t(trx)
        .updateTable('contract_bills')
        .set({ ...values, closed_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async reversePayment(trx: Database, billId: number, seq: number, reversalEntryId: number) {
      await t(trx)
        .updateTable('contract_bill_payments')
        .set({ reversal_entry_id: reversalEntryId })
        .where('bill_id', '=', billId)
        .where('seq', '=', seq)
        .execute();
    },

    /** A member's bills, newest first (my income). */
    async billsOf(memberId: number, kind: ContractKind | undefined, page: { limit: number; offset: number }) {
      const base = t(db)
        .selectFrom('contract_bills')
        .where('member_id', '=', memberId)
        .$if(kind !== undefined, (q) => q.where('kind', '=', kind as ContractKind));
      const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('period_start', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { total: Number(total.n), rows };
    },

    /** Totals of bills by agent and kind over a range of periods (the back office's report). */
    async billReport(merchantId: number, from: Date, to: Date) {
      return t(db)
        .selectFrom('contract_bills as b')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .select((eb) => [
          'm.username',
          'b.kind',
          eb.fn.countAll<number>().as('bills'),
          eb.fn.sum<number>('b.amount_due').as('due'),
          eb.fn.sum<number>('b.amount_paid').as('paid'),
        ])
        .where('b.merchant_id', '=', merchantId)
        .where('b.period_start', '>=', from)
        .where('b.period_start', '<', to)
        .where('b.status', '<>', 'cancelled')
        .groupBy(['m.username', 'b.kind'])
        .orderBy('m.username')
        .execute();
    },
  };
}

export type AgentsRepository = ReturnType<typeof agentsRepository>;
