// Settling contracts (issue 12 item 4): each (contract, period) gets one bill, written with its payment in one
// transaction (a page of bills per transaction, their payments in one ledger statement); a run is claimed per
// (merchant, kind, period) so that two processes do not both work it, and a run whose process died is taken over and
// continues from the bills already written. Periods are settled oldest first; a dividend period only once the one
// before it is settled, its carry read from that period's bills. docs/decisions/033 and 071.
import {
  type BillStatus,
  type ContractKind,
  contractKinds,
  contractTerms,
  type PeriodType,
  periodTypes,
} from '@tala/contracts/agent-contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { PostedEntry, PostRequest, WalletService } from '../wallet/wallet.service.ts';
import type { AgentsRepository, RunRow } from './agents.repository.ts';
import {
  dailySalaryPaidOn,
  lastClosedPeriod,
  levelDue,
  levelGross,
  periodAt,
  type TeamStats,
} from './contract-rules.ts';
import type { contractUseCases } from './contracts.ts';

const noStats: TeamStats = { volume: 0, houseResult: 0, activeMembers: 0, winVolume: 0, lossVolume: 0 };
/** Bills written (and paid) per transaction. */
const pageSize = 500;

/** A bill worked out before it is written. */
type PlannedBill = {
  contractId: number;
  memberId: number;
  /** The upline that pays it, or null: the merchant. */
  payerMemberId: number | null;
  reached: boolean;
  due: number;
  carryOut: number;
  statement: Record<string, number>;
};

/**
 * How many closed periods back each kind (a dividend: each period type) looks for one not settled yet, so that a
 * server that was down catches up. A dividend period waits for the one before it (decision 071), so dividends look
 * back about a month: a period left unsettled further back holds the later ones until an operator settles it.
 */
const lookBack: Record<Exclude<ContractKind, 'dividend'>, number> & { dividend: Record<PeriodType, number> } =
  {
    realtimeSalary: 12,
    hourlySalary: 24,
    dailySalary: 7,
    dividend: { D: 35, W: 6, H: 4, M: 3 },
  };

/** The dividend period type whose period this is in the merchant's calendar (a run's period names its type). */
export function dividendPeriodType(period: { start: Date; end: Date }, timeZone: string): PeriodType | null {
  for (const type of periodTypes) {
    const p = periodAt('dividend', type, period.start, timeZone);
    if (p.start.getTime() === period.start.getTime() && p.end.getTime() === period.end.getTime()) return type;
  }
  return null;
}

export function settlementUseCases(deps: {
  db: Database;
  repository: AgentsRepository;
  wallet: WalletService;
  audit: AuditService;
  merchants: MerchantsService;
  contracts: ReturnType<typeof contractUseCases>;
  /** Tests stop a run in the middle (a crash) after this many bills. */
  crashAfterBills?: () => number | undefined;
}) {
  const { db, repository, wallet, audit } = deps;

  /** Members' main accounts by member, in one read (opened one by one for the few that have none yet). */
  async function memberAccounts(merchantId: number, memberIds: number[]) {
    const accounts = new Map<number, number>();
    for (const a of await wallet.memberAccounts(memberIds))
      if (a.kind === 'member_main') accounts.set(a.memberId, a.id);
    for (const memberId of memberIds)
      if (!accounts.has(memberId)) accounts.set(memberId, await wallet.memberAccount(merchantId, memberId));
    return accounts;
  }

  /** The contracts of a kind (a dividend: of one period type) in force at the end of a period. */
  async function contractsAt(
    merchant: Merchant,
    kind: ContractKind,
    end: Date,
    periodType: PeriodType | null,
  ) {
    return (await repository.inForceAt(merchant.id, kind, end))
      .map((c) => ({ ...c, terms: contractTerms.parse(c.terms) }))
      .filter((c) => kind !== 'dividend' || c.terms.periodType === periodType);
  }

  /**
   * Claims the run of a period. A dividend period is claimed only once the period before it is settled, when that
   * one had contracts of its type (its bills hold the carries): in the same transaction, with the earlier run
   * locked against a cancel (decision 071). Answers the run and the earlier run's id (null: nothing to carry).
   */
  async function claim(
    merchant: Merchant,
    kind: ContractKind,
    period: { start: Date; end: Date },
    periodType: PeriodType | null,
    retryFailed: boolean,
  ) {
    if (kind !== 'dividend' || periodType === null)
      return { run: await repository.claimRun(merchant.id, kind, period, retryFailed), previousRunId: null };
    const previous = periodAt(
      kind,
      periodType,
      new Date(period.start.getTime() - 1),
      merchant.settings.whitelabel.timeZone,
    );
    // Read before the transaction (on the pool: the embedded database has one connection, which the transaction
    // holds); the contracts of a closed period cannot change any more.
    const previousHadContracts = (await contractsAt(merchant, kind, previous.end, periodType)).length > 0;
    return db.transaction().execute(async (trx) => {
      const before = await repository.periodRun(trx, merchant.id, kind, previous, 'share');
      if (before?.status !== 'done' && previousHadContracts)
        throw new AppError('settlement_previous_period_open', 'at');
      const run = await repository.claimRun(merchant.id, kind, period, retryFailed, trx);
      return { run, previousRunId: before?.status === 'done' ? Number(before.id) : null };
    });
  }

  /**
   * Settles one period of a kind for a merchant (for a dividend, of one period type: the period's own unless
   * given). Answers the run, or null when another process holds it or it is already settled. A dividend period
   * whose previous period is not settled yet is refused (`settlement_previous_period_open`).
   */
  async function settlePeriod(
    merchant: Merchant,
    kind: ContractKind,
    period: { start: Date; end: Date },
    options: { periodType?: PeriodType; retryFailed?: boolean; evenIfEmpty?: boolean } = {},
  ) {
    const periodType =
      kind === 'dividend'
        ? (options.periodType ?? dividendPeriodType(period, merchant.settings.whitelabel.timeZone))
        : null;
    if (kind === 'dividend' && periodType === null) throw new AppError('validation_failed', 'at');
    // The contracts a closed period settles cannot change any more; the schedule makes no run of a period without
    // any (an operator's "settle now" does, to show that there was nothing to pay).
    const contracts = await contractsAt(merchant, kind, period.end, periodType);
    if (contracts.length === 0 && !options.evenIfEmpty) return null;
    const { run, previousRunId } = await claim(
      merchant,
      kind,
      period,
      periodType,
      options.retryFailed ?? false,
    );
    if (!run) return null;
    const runId = Number(run.id);
    try {
      const settings = await deps.contracts.contractSettingsOf(merchant.id);
      const stats = await repository.teamStats(
        merchant.id,
        contracts.map((c) => ({ agentId: c.member_id, minStake: c.terms.singleBetMin })),
        period,
      );
      const written = new Map(
        (
          await repository.billsOfPeriod(
            contracts.map((c) => c.id),
            period.start,
          )
        ).map((b) => [Number(b.contract_id), b]),
      );
      // Every bill of the period in memory first, deepest first: a level's due is its gross less what the
      // contracts it granted earned.
      contracts.sort((a, b) => b.depth - a.depth);
      // A dividend's carry, by member: its bill of the period just before (a contract renewed keeps the team's).
      const carries = await repository.carriesInto(db, previousRunId);
      const grantedTo = new Map<number, number[]>();
      for (const c of contracts) {
        if (c.upline_id === null) continue;
        const below = grantedTo.get(c.upline_id);
        if (below) below.push(c.member_id);
        else grantedTo.set(c.upline_id, [c.member_id]);
      }
      const grossOf = new Map<number, number>();
      const bills: PlannedBill[] = [];
      for (const contract of contracts) {
        const existing = written.get(contract.id);
        if (existing) {
          grossOf.set(contract.member_id, Number((existing.statement as { gross?: number }).gross ?? 0));
          continue;
        }
        const teamStats = stats.get(contract.member_id) ?? noStats;
        const carryIn = carries.get(contract.member_id) ?? 0;
        const level = levelGross(kind, contract.terms, teamStats, carryIn);
        const granted = (grantedTo.get(contract.member_id) ?? []).reduce(
          (sum, memberId) => sum + (grossOf.get(memberId) ?? 0),
          0,
        );
        grossOf.set(contract.member_id, level.gross);
        const byUpline = settings.payer === 'upline' && contract.upline_id !== null;
        bills.push({
          contractId: contract.id,
          memberId: contract.member_id,
          payerMemberId: byUpline ? (contract.upline_id as number) : null,
          reached: level.reached,
          due: level.reached ? levelDue(level.gross, granted) : 0,
          carryOut: level.carryOut,
          statement: {
            ...teamStats,
            carryIn,
            rate: level.rate,
            profitRate: level.profitRate,
            lossRate: level.lossRate,
            gross: level.gross,
            granted,
            carryOut: level.carryOut,
          },
        });
      }

      // Then written a page at a time, deepest first still: the page's bills in one statement, their payments in
      // one ledger statement (group-committed with the page), what each was paid in one more.
      const house = await wallet.houseAccount(merchant.id, 'house_agent_commission_expense');
      const memo = `${kind} ${period.start.toISOString()}`;
      let count = 0;
      while (count < bills.length) {
        const crashAt = deps.crashAfterBills?.();
        const size = crashAt === undefined ? pageSize : Math.max(1, Math.min(pageSize, crashAt - count));
        const page = bills.slice(count, count + size);
        const accounts = await memberAccounts(
          merchant.id,
          page.flatMap((b) => (b.payerMemberId === null ? [b.memberId] : [b.memberId, b.payerMemberId])),
        );
        const accountOf = (memberId: number) => accounts.get(memberId) as number;
        await db.transaction().execute(async (trx) => {
          const ids = await repository.insertBills(
            trx,
            page.map((b) => ({
              merchant_id: merchant.id,
              run_id: runId,
              contract_id: b.contractId,
              member_id: b.memberId,
              kind,
              period_start: period.start,
              period_end: period.end,
              status: b.reached ? 'paid' : 'threshold_not_reached',
              amount_due: b.due,
              amount_paid: 0,
              carry_out: b.carryOut,
              payer: b.payerMemberId === null ? 'merchant' : 'upline',
              payer_member_id: b.payerMemberId,
              statement: b.statement,
              ledger_entry_id: null,
            })),
          );
          const owed = page.filter((b) => b.due > 0 && ids.has(b.contractId));
          // An upline pays from what it has, never more: partly, or not at all. Its balance is locked for the page
          // and counted down (and up, when it is paid itself) in the order the entries are posted.
          const balances = await wallet.lockedBalances(
            trx,
            owed.flatMap((b) =>
              b.payerMemberId === null ? [] : [accountOf(b.payerMemberId), accountOf(b.memberId)],
            ),
          );
          const payments: { billId: number; amount: number; due: number; request: PostRequest }[] = [];
          const unpaid: number[] = [];
          for (const bill of owed) {
            const billId = ids.get(bill.contractId) as number;
            const payee = accountOf(bill.memberId);
            const payer = bill.payerMemberId === null ? house : accountOf(bill.payerMemberId);
            const amount =
              bill.payerMemberId === null
                ? bill.due
                : Math.min(bill.due, Math.max(0, balances.get(payer) ?? 0));
            if (amount === 0) {
              unpaid.push(billId);
              continue;
            }
            if (balances.has(payer)) balances.set(payer, (balances.get(payer) as number) - amount);
            if (balances.has(payee)) balances.set(payee, (balances.get(payee) as number) + amount);
            payments.push({
              billId,
              amount,
              due: bill.due,
              request: {
                merchantId: merchant.id,
                idempotencyKey: `contract-bill:${billId}`,
                type: 'commission',
                postings: [
                  { accountId: payer, amount: -amount },
                  { accountId: payee, amount },
                ],
                memo,
                actor: { type: 'system' },
              },
            });
          }
          const entries = await wallet.postMany(
            trx,
            payments.map((p) => p.request),
          );
          await repository.payBills(trx, [
            ...payments.map((p, i) => ({
              id: p.billId,
              status: p.amount < p.due ? 'partly_paid' : 'paid',
              amount_paid: p.amount,
              ledger_entry_id: (entries[i] as PostedEntry).entryId,
            })),
            ...unpaid.map((id) => ({
              id,
              status: 'insufficient_balance',
              amount_paid: 0,
              ledger_entry_id: null,
            })),
          ]);
        });
        count += page.length;
        await repository.heartbeat(runId);
        if (crashAt !== undefined && count >= crashAt) throw new SimulatedCrash();
      }
      await repository.finishRun(runId, { status: 'done' });
      return repository.run(db, runId);
    } catch (error) {
      // A crash leaves the run 'running' with its heartbeat ageing, to be taken over; any other failure is recorded.
      if (!(error instanceof SimulatedCrash))
        await repository.finishRun(runId, {
          status: 'failed',
          error: String((error as Error).message).slice(0, 500),
        });
      throw error;
    }
  }

  /**
   * The closed periods of every kind the merchant has on, not settled yet (the scheduled job), oldest first. A
   * dividend period waits for the one before it: the walk of a period type stops at the first it cannot settle
   * (held by another process, failed, or waiting for an earlier one), and goes on at the next run.
   */
  async function settleDue(merchant: Merchant, now = new Date()) {
    const settings = await deps.contracts.contractSettingsOf(merchant.id);
    const timeZone = merchant.settings.whitelabel.timeZone;
    for (const kind of contractKinds) {
      if (!settings[kind].enabled || !(await repository.anyInForce(merchant.id, kind))) continue;
      const types: PeriodType[] =
        kind === 'dividend' ? await repository.dividendTypesInForce(merchant.id) : ['D'];
      for (const periodType of types) {
        // The previous day's daily salary is paid every `dailySalaryEveryDays` days (§4: every other day).
        if (kind === 'dailySalary' && !dailySalaryPaidOn(now, timeZone, settings.dailySalaryEveryDays))
          continue;
        const periods = [lastClosedPeriod(kind, periodType, now, timeZone)];
        const back = kind === 'dividend' ? lookBack.dividend[periodType] : lookBack[kind];
        while (periods.length < back) {
          const newer = periods[0] as { start: Date };
          periods.unshift(periodAt(kind, periodType, new Date(newer.start.getTime() - 1), timeZone));
        }
        const done = await repository.donePeriods(merchant.id, kind, (periods[0] as { start: Date }).start);
        for (const period of periods) {
          if (done.has(`${period.start.getTime()}/${period.end.getTime()}`)) continue;
          try {
            await settlePeriod(merchant, kind, period, { periodType });
          } catch (error) {
            const waits =
              error instanceof SimulatedCrash ||
              (error instanceof AppError && error.code === 'settlement_previous_period_open');
            if (!waits) throw error;
            // A later dividend period would wait for this one; a salary period does not wait for any.
            if (kind === 'dividend') break;
          }
        }
      }
    }
  }

  /**
   * Refuses to cancel a dividend run while the run of the period after it stands: that period's carries were read
   * from this one's bills, and would be wrong once it is settled again. The later one is cancelled first.
   */
  async function refuseIfLaterSettled(trx: Database, merchant: Merchant, run: RunRow) {
    if (run.kind !== 'dividend') return;
    const timeZone = merchant.settings.whitelabel.timeZone;
    const periodType = dividendPeriodType({ start: run.period_start, end: run.period_end }, timeZone);
    if (periodType === null) return;
    const next = periodAt('dividend', periodType, run.period_end, timeZone);
    if (await repository.periodRun(trx, merchant.id, 'dividend', next))
      throw new AppError('settlement_later_period_settled', 'id');
  }

  /**
   * Collects what uplines still owe on their bills (the job every five minutes, after settling): from each upline's
   * wallet, what it has now and no more, one ledger entry per collection; a bill older than the merchant's
   * `unpaidBillDays` expires instead. Each bill is worked under its row lock, so two processes collect it once.
   */
  async function collectUnpaid(merchant: Merchant, now = new Date()) {
    const settings = await deps.contracts.contractSettingsOf(merchant.id);
    const expiresAfter = settings.unpaidBillDays * 86_400_000;
    for (const billId of await repository.openUnpaidBills(merchant.id)) {
      await db.transaction().execute(async (trx) => {
        const bill = await repository.lockBill(trx, billId);
        if (!bill || (bill.status !== 'insufficient_balance' && bill.status !== 'partly_paid')) return;
        if (now.getTime() - bill.created_at.getTime() >= expiresAfter) {
          await repository.closeBill(trx, billId, { status: 'expired', closed_by: null, close_reason: null });
          return;
        }
        if (bill.payer !== 'upline' || bill.payer_member_id === null) return;
        const owed = Number(bill.amount_due) - Number(bill.amount_paid);
        const payer = await wallet.memberAccount(merchant.id, bill.payer_member_id);
        const amount = Math.min(owed, Math.max(0, await wallet.balance(payer, trx)));
        if (amount <= 0) return;
        const seq = (await repository.billPayments(trx, [billId])).length + 1;
        try {
          const entry = await wallet.transfer(trx, {
            merchantId: merchant.id,
            idempotencyKey: `contract-bill:${billId}:${seq}`,
            type: 'commission',
            from: payer,
            to: await wallet.memberAccount(merchant.id, bill.member_id),
            amount,
            memo: `${bill.kind} ${bill.period_start.toISOString()} (collected)`,
            actor: { type: 'system' },
          });
          await repository.addBillPayment(
            trx,
            { id: billId, amount_due: bill.amount_due, amount_paid: bill.amount_paid },
            { seq, amount, ledger_entry_id: entry.entryId },
          );
        } catch (error) {
          // The upline spent it meanwhile: the next run tries again.
          if (!(error instanceof AppError) || error.code !== 'insufficient_funds') throw error;
        }
      });
    }
  }

  return {
    settlePeriod,
    settleDue,
    collectUnpaid,

    /** Every merchant's due periods, then what uplines still owe (the job every five minutes). */
    async settleAll(now = new Date()) {
      for (const merchant of await deps.merchants.list()) {
        await settleDue(merchant, now);
        await collectUnpaid(merchant, now);
      }
    },

    /** The bills uplines still owe, with when each expires (the back office). */
    async owedBills(merchant: Merchant) {
      const days = (await deps.contracts.contractSettingsOf(merchant.id)).unpaidBillDays;
      return (await repository.owedBills(merchant.id)).map((b) => ({
        id: Number(b.id),
        kind: b.kind,
        username: b.username,
        payerUsername: b.payer_username,
        periodStart: b.period_start.toISOString(),
        periodEnd: b.period_end.toISOString(),
        status: b.status as BillStatus,
        amountDue: Number(b.amount_due),
        amountPaid: Number(b.amount_paid),
        createdAt: b.created_at.toISOString(),
        expiresAt: new Date(b.created_at.getTime() + days * 86_400_000).toISOString(),
      }));
    },

    /** An operator rejects what an upline still owes on a bill: nothing more is collected; what was paid stays. */
    async rejectBill(actor: Actor, merchant: Merchant, billId: number, reason: string) {
      return db.transaction().execute(async (trx) => {
        const bill = await repository.lockBill(trx, billId);
        if (!bill || bill.merchant_id !== merchant.id) throw new AppError('contract_bill_not_found', 'id');
        if (bill.status !== 'insufficient_balance' && bill.status !== 'partly_paid')
          throw new AppError('contract_bill_not_open', 'id');
        await repository.closeBill(trx, billId, {
          status: 'rejected',
          closed_by: actor.id,
          close_reason: reason,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'agents.bill.reject',
          target: `contract_bill:${billId}`,
          before: {
            status: bill.status,
            amountDue: Number(bill.amount_due),
            amountPaid: Number(bill.amount_paid),
          },
          after: { status: 'rejected', reason },
          ip: actor.ip,
        });
        return { id: billId, status: 'rejected' as const };
      });
    },

    /** Settles the period of a kind around an instant now, if it has ended (the back office's "run now"). */
    async settleNow(merchant: Merchant, kind: ContractKind, periodType: PeriodType, at: Date) {
      const period = periodAt(kind, periodType, at, merchant.settings.whitelabel.timeZone);
      if (period.end > new Date()) throw new AppError('range_in_future', 'at');
      const run = await settlePeriod(merchant, kind, period, { periodType, evenIfEmpty: true });
      return run ? runView(run) : null;
    },

    async runs(merchant: Merchant) {
      return (await repository.runs(merchant.id, 200)).map(runView);
    },

    /** Retries a failed run: the bills already written stay, the rest are written. */
    async retryRun(merchant: Merchant, runId: number) {
      const run = await repository.run(db, runId);
      if (!run || run.merchant_id !== merchant.id) throw new AppError('settlement_run_not_found', 'id');
      if (run.status !== 'failed') throw new AppError('settlement_run_not_failed', 'id');
      await settlePeriod(
        merchant,
        run.kind,
        { start: run.period_start, end: run.period_end },
        { retryFailed: true, evenIfEmpty: true },
      );
      return runView((await repository.run(db, runId)) as NonNullable<typeof run>);
    },

    /** Asks to cancel a settled run (first of the four eyes): its payments are reversed once another approves. */
    async requestCancel(actor: Actor, merchant: Merchant, runId: number, reason: string) {
      return db.transaction().execute(async (trx) => {
        const run = await repository.run(trx, runId, true);
        if (!run || run.merchant_id !== merchant.id) throw new AppError('settlement_run_not_found', 'id');
        if (run.status !== 'done' && run.status !== 'failed')
          throw new AppError('settlement_not_cancellable', 'id');
        await refuseIfLaterSettled(trx, merchant, run);
        await repository.setRun(trx, runId, {
          status: 'cancel_requested',
          cancel_requested_by: actor.id,
          cancel_reason: reason,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'agents.settlement.cancel_request',
          target: `settlement_run:${runId}`,
          after: { reason },
          ip: actor.ip,
        });
        return runView({
          ...run,
          status: 'cancel_requested',
          cancel_reason: reason,
        });
      });
    },

    /**
     * Approves a cancel (the second pair of eyes, never the one who asked): every payment of the run is reversed in
     * one transaction, its bills marked cancelled, and the period may then be settled again.
     */
    async approveCancel(actor: Actor, merchant: Merchant, runId: number) {
      return db.transaction().execute(async (trx) => {
        const run = await repository.run(trx, runId, true);
        if (!run || run.merchant_id !== merchant.id) throw new AppError('settlement_run_not_found', 'id');
        if (run.status !== 'cancel_requested') throw new AppError('settlement_not_cancellable', 'id');
        if (run.cancel_requested_by === actor.id) throw new AppError('same_operator_approval', 'id');
        await refuseIfLaterSettled(trx, merchant, run);
        const bills = await repository.billsOfRun(trx, runId);
        const operator = { type: 'operator' as const, id: actor.id, name: actor.name, ip: actor.ip };
        // What was collected later (decision 045) goes back too, each payment by its own reversal.
        for (const payment of await repository.billPayments(
          trx,
          bills.map((b) => Number(b.id)),
        )) {
          if (payment.reversal_entry_id !== null) continue;
          const entry = await wallet.reverse(trx, {
            merchantId: merchant.id,
            entryId: Number(payment.ledger_entry_id),
            idempotencyKey: `contract-bill-cancel:${payment.bill_id}:${payment.seq}`,
            memo: `settlement run ${runId} cancelled`,
            actor: operator,
          });
          await repository.reversePayment(trx, Number(payment.bill_id), payment.seq, entry.entryId);
        }
        for (const bill of bills) {
          let reversal: number | null = null;
          if (bill.ledger_entry_id !== null) {
            const entry = await wallet.reverse(trx, {
              merchantId: merchant.id,
              entryId: Number(bill.ledger_entry_id),
              idempotencyKey: `contract-bill-cancel:${bill.id}`,
              memo: `settlement run ${runId} cancelled`,
              actor: operator,
            });
            reversal = entry.entryId;
          }
          await repository.cancelBill(trx, Number(bill.id), reversal);
        }
        await repository.setRun(trx, runId, { status: 'cancelled', cancelled_by: actor.id, cancelled: true });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'agents.settlement.cancel',
          target: `settlement_run:${runId}`,
          after: { bills: bills.length },
          ip: actor.ip,
        });
        return runView({ ...run, status: 'cancelled' });
      });
    },
  };
}

/** Thrown by the test hook to stop a run as a crash would (the run is left 'running'). */
export class SimulatedCrash extends Error {}

function runView(run: {
  id: number;
  kind: ContractKind;
  period_start: Date;
  period_end: Date;
  status: string;
  bills: number;
  total_paid: number;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
  cancel_reason: string | null;
}) {
  return {
    id: Number(run.id),
    kind: run.kind,
    periodStart: run.period_start.toISOString(),
    periodEnd: run.period_end.toISOString(),
    status: run.status,
    bills: Number(run.bills),
    totalPaid: Number(run.total_paid),
    error: run.error,
    startedAt: run.started_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
    cancelReason: run.cancel_reason,
  };
}
