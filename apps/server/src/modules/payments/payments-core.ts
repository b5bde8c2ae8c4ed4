// The payments module's shared core: its dependencies and the steps several use cases share (deposits decided,
// withdrawals operated, pages listed, adjustments posted, transfers between members). payments.service.ts composes
// the use cases (deposits, withdrawals, transfers, funds) over it.
import crypto from 'node:crypto';
import { TRIAL_TYPE } from '@tala/contracts/members';
import {
  type Adjustment,
  type AdminDeposit,
  defaultPaymentSettings,
  type PaymentSettings,
  paymentSettings,
} from '@tala/contracts/payments';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { GamesService } from '../games/games.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { httpGatewayAdapter, type PaymentGatewayAdapter } from './gateway-protocol.ts';
import { paymentsRepository } from './payments.repository.ts';
import {
  type DepositRow,
  iso,
  listPage,
  toDeposit,
  toWithdrawal,
  type WithdrawalRow,
} from './payments-format.ts';

export type PaymentsDeps = {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  games: GamesService;
  /** Identity checks: a withdrawal above the merchant's threshold needs a verified member (issue 18 item 4). */
  kyc: Pick<KycService, 'requireVerifiedFor'>;
  /** The player's limits: deposits and transfers into games are checked and counted (decision 046). */
  limits?: LimitsService | undefined;
  gateway?: PaymentGatewayAdapter;
  /**
   * Reads that tolerate a few seconds of lag: the back office's deposit, withdrawal and adjustment lists and their
   * CSV exports (the read replica, decision 062). A look-up of one named row, which follows a write, reads `db`.
   */
  reports?: Database | undefined;
  /** Where the sandbox gateway listens, once started; undefined when it is not running. */
  sandboxUrl?: () => string | undefined;
  /** Our own address as the gateway reaches it, for notifications. */
  callbackBase?: () => string | undefined;
};

/**
 * What holds money back from leaving a member's main account (withdrawal, transfer to another member): bonus money
 * under wagering. The promotions module, which sits above payments, connects it (services.ts); without it nothing
 * is held back.
 */
export type CashOutGuard = {
  /** Brings the member's holds up to date (wagering met releases them). Runs outside any transaction. */
  refresh(merchant: Merchant, memberId: number): Promise<void>;
  /** The amount held back now, read in the caller's transaction, serialised with the claims that add to it. */
  held(trx: Database, memberId: number): Promise<number>;
};

export function paymentsCore(deps: PaymentsDeps) {
  const { db, wallet, audit, merchants, members, games } = deps;
  const reports = deps.reports ?? db;
  /** A back-office list reads the replica; a look-up by id (the answer to a write) reads the primary. */
  const listReader = (query: { id?: number | undefined; ids?: number[] | undefined }) =>
    query.id !== undefined || query.ids !== undefined ? db : reports;
  const repo = paymentsRepository();
  const t = repo.t;
  const gateway = deps.gateway ?? httpGatewayAdapter();
  let cashOutGuard: CashOutGuard | null = null;

  /**
   * Refuses a cash-out that would take the account below what is held back. Called in the transaction, after the
   * posting, with the balance it left: the refusal rolls the posting back.
   */
  async function checkCashOut(trx: Database, memberId: number, amount: number, balanceAfter: number | null) {
    if (!cashOutGuard || balanceAfter === null) return;
    const held = await cashOutGuard.held(trx, memberId);
    if (balanceAfter < held) {
      throw new AppError('bonus_wagering_unmet', 'amount', {
        available: Math.max(0, balanceAfter + amount - held),
      });
    }
  }

  /** Before a cash-out's transaction: wagering met since the last look releases its hold. */
  async function refreshCashOut(merchant: Merchant, memberId: number) {
    await cashOutGuard?.refresh(merchant, memberId);
  }

  /** What is held back now (the withdrawal page shows it). */
  async function heldBack(merchant: Merchant, memberId: number) {
    if (!cashOutGuard) return 0;
    await cashOutGuard.refresh(merchant, memberId);
    return cashOutGuard.held(db, memberId);
  }

  async function settingsOf(merchantId: number): Promise<PaymentSettings> {
    const row = await repo.settings(db, merchantId);
    const parsed = paymentSettings.safeParse(row?.settings);
    return parsed.success ? parsed.data : defaultPaymentSettings();
  }

  function realMember(member: SignedInMember) {
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  function ledgerKey(...parts: (string | number)[]) {
    return parts.join(':');
  }

  // -------------------------------------------------------------------------------------------------------------
  // Wallets

  async function mainAccount(merchant: Merchant, memberId: number) {
    return wallet.memberAccount(merchant.id, memberId);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Deposits

  async function depositById(executor: Database, id: number) {
    return t(executor)
      .selectFrom('deposits')
      .selectAll('deposits')
      .select((eb) =>
        eb
          .selectFrom('payment_proofs')
          .whereRef('payment_proofs.deposit_id', '=', 'deposits.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('proof_count'),
      )
      .where('deposits.id', '=', id)
      .executeTakeFirst() as Promise<DepositRow | undefined>;
  }

  /** Pending deposits past their time become expired; paid withdrawals past the merchant's window, received. */
  async function sweep(merchantIds?: readonly number[]) {
    let expire = t(db)
      .updateTable('deposits')
      .set({ status: 'expired' })
      .where('status', '=', 'pending')
      .where('expires_at', '<', sql<Date>`now()`);
    if (merchantIds) expire = expire.where('merchant_id', 'in', merchantIds);
    await expire.execute();
    const targets = merchantIds ?? (await merchants.list()).map((m) => m.id);
    for (const id of targets) {
      const minutes = (await settingsOf(id)).withdrawal.autoReceiveMinutes;
      await t(db)
        .updateTable('withdrawals')
        .set({ status: 'completed', receipt: 'auto_received', confirmed_at: sql<Date>`now()` })
        .where('merchant_id', '=', id)
        .where('status', '=', 'paid')
        .where('paid_at', '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
        .execute();
    }
  }

  async function decideDeposit(
    actor: Actor,
    id: number,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    const found = await depositById(db, id);
    if (!found) throw new AppError('deposit_not_found');
    const member = await mainAccount({ id: found.merchant_id } as Merchant, found.member_id);
    const clearing = await wallet.houseAccount(found.merchant_id, 'house_deposit_clearing');
    await db.transaction().execute(async (trx) => {
      const row = await t(trx)
        .selectFrom('deposits')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending' && row.status !== 'expired') throw new AppError('payment_state_invalid');
      if (decision.approve) {
        const entry = await wallet.transfer(trx, {
          merchantId: row.merchant_id,
          idempotencyKey: ledgerKey('deposit', row.order_no),
          type: 'deposit',
          from: clearing,
          to: member,
          amount: row.amount,
          memo: `Deposit ${row.order_no}`,
          actor: { type: 'operator', id: actor.id, name: actor.name, ip: actor.ip },
          // Credited now, so counted now; refused (the operator is told) over a limit the member lowered since.
          alongside: deps.limits?.deposit(
            { merchantId: row.merchant_id, memberId: row.member_id },
            row.amount,
            {
              enforce: true,
            },
          ),
        });
        await t(trx)
          .updateTable('deposits')
          .set({
            status: 'approved',
            ledger_entry_id: entry.entryId,
            decided_at: sql<Date>`now()`,
            decided_by: actor.id,
            decided_by_name: actor.name,
          })
          .where('id', '=', id)
          .execute();
        // A credited deposit qualifies deposit bonuses and moves deposit missions.
        changes.publish(trx, { on: 'member', memberId: row.member_id });
      } else {
        await t(trx)
          .updateTable('deposits')
          .set({
            status: 'rejected',
            reject_reason: decision.reason,
            decided_at: sql<Date>`now()`,
            decided_by: actor.id,
            decided_by_name: actor.name,
          })
          .where('id', '=', id)
          .execute();
      }
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.id,
        actorName: actor.name,
        merchantId: row.merchant_id,
        action: decision.approve ? 'payments.deposit.approve' : 'payments.deposit.reject',
        target: `deposit:${row.order_no}`,
        before: { status: row.status },
        after: decision.approve
          ? { status: 'approved', amount: row.amount }
          : { status: 'rejected', reason: decision.reason },
        ip: actor.ip,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Withdrawals

  async function withdrawalRow(executor: Database, id: number) {
    return t(executor)
      .selectFrom('withdrawals')
      .selectAll('withdrawals')
      .select((eb) =>
        eb
          .selectFrom('payment_proofs')
          .whereRef('payment_proofs.withdrawal_id', '=', 'withdrawals.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('proof_count'),
      )
      .where('withdrawals.id', '=', id)
      .executeTakeFirst();
  }

  async function cardRow(executor: Database, id: number) {
    return t(executor).selectFrom('bank_cards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Gives part or all of a held withdrawal back to the member (clearing → member), once per purpose. */
  async function refundWithdrawal(
    trx: Database,
    row: WithdrawalRow,
    amount: number,
    purpose: string,
    actor: Actor,
    accounts: { member: number; clearing: number },
  ) {
    if (amount <= 0) return;
    await wallet.transfer(trx, {
      merchantId: row.merchant_id,
      idempotencyKey: ledgerKey('withdrawal', row.order_no, purpose),
      type: 'withdrawal_refund',
      from: accounts.clearing,
      to: accounts.member,
      amount,
      memo: `Withdrawal ${row.order_no}: ${purpose.replaceAll('-', ' ')}`,
      actor: { type: 'operator', id: actor.id, name: actor.name, ip: actor.ip },
    });
    await t(trx)
      .updateTable('withdrawals')
      .set({ refunded_amount: sql<number>`refunded_amount + ${amount}` })
      .where('id', '=', row.id)
      .execute();
  }

  async function withdrawalAccounts(row: { merchant_id: number; member_id: number }) {
    return {
      member: await wallet.memberAccount(row.merchant_id, row.member_id),
      clearing: await wallet.houseAccount(row.merchant_id, 'house_withdrawal_clearing'),
    };
  }

  /** Runs an operator's step on a withdrawal under its row lock, with an audit record. */
  async function operateWithdrawal(
    actor: Actor,
    id: number,
    action: string,
    step: (
      trx: Database,
      row: WithdrawalRow,
      accounts: { member: number; clearing: number },
    ) => Promise<Record<string, unknown>>,
  ) {
    const found = await withdrawalRow(db, id);
    if (!found) throw new AppError('withdrawal_not_found');
    await sweep([found.merchant_id]);
    const accounts = await withdrawalAccounts(found);
    await db.transaction().execute(async (trx) => {
      const row = (await t(trx)
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirstOrThrow()) as WithdrawalRow;
      const after = await step(trx, row, accounts);
      await audit.record(trx, {
        actorType: 'operator',
        actorId: actor.id,
        actorName: actor.name,
        merchantId: row.merchant_id,
        action: `payments.withdrawal.${action}`,
        target: `withdrawal:${row.order_no}`,
        before: { status: row.status },
        after,
        ip: actor.ip,
      });
    });
  }

  async function adminWithdrawalOf(id: number) {
    const row = await withdrawalRow(db, id);
    if (!row) throw new AppError('withdrawal_not_found');
    return (await adminWithdrawals({ ids: [row.id], pageNo: 1, pageSize: 1 })).list[0] as AdminWithdrawalItem;
  }

  /**
   * A page of withdrawals, newest first, with their cards and proof counts: the member's list and the back office's
   * queue are both this. Paid ones past the merchant's window are swept to received first.
   */
  async function withdrawalPage(
    filter: {
      merchantIds?: number[] | undefined;
      memberId?: number | undefined;
      status?: string | undefined;
      ids?: number[] | undefined;
      /** An order number, or the account name of the member (any of `memberIds`). */
      search?: { orderNo: string; memberIds: number[] } | undefined;
    },
    page: { pageNo: number; pageSize: number },
    reader: Database = db,
  ) {
    await sweep(filter.merchantIds);
    let base = t(reader)
      .selectFrom('withdrawals as w')
      .innerJoin('bank_cards as c', 'c.id', 'w.bank_card_id');
    if (filter.merchantIds) base = base.where('w.merchant_id', 'in', filter.merchantIds);
    if (filter.memberId) base = base.where('w.member_id', '=', filter.memberId);
    if (filter.status) base = base.where('w.status', '=', filter.status as WithdrawalRow['status']);
    if (filter.ids) base = base.where('w.id', 'in', filter.ids);
    const search = filter.search;
    if (search) {
      base = base.where((eb) =>
        eb.or([
          eb('w.order_no', '=', search.orderNo),
          ...(search.memberIds.length > 0 ? [eb('w.member_id', 'in', search.memberIds)] : []),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('w')
      .select([
        'c.bank_name',
        'c.account_number',
        'c.payee_name',
        'c.created_at as card_created_at',
        (eb) =>
          eb
            .selectFrom('payment_proofs')
            .whereRef('payment_proofs.withdrawal_id', '=', 'w.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('proof_count'),
      ])
      .orderBy('w.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    const minutesByMerchant = new Map<number, number>();
    for (const id of new Set(rows.map((r) => r.merchant_id)))
      minutesByMerchant.set(id, (await settingsOf(id)).withdrawal.autoReceiveMinutes);
    const list = rows.map((row) => ({
      row,
      withdrawal: toWithdrawal(
        row as WithdrawalRow,
        {
          id: row.bank_card_id,
          bank_name: row.bank_name,
          account_number: row.account_number,
          payee_name: row.payee_name,
          created_at: row.card_created_at,
        },
        minutesByMerchant.get(row.merchant_id) as number,
      ),
    }));
    return listPage(list, page, Number(total));
  }

  /** A page of deposits, newest first, with proof counts: the member's list and the back office's queue. */
  async function depositPage(
    filter: {
      merchantIds?: number[] | undefined;
      memberId?: number | undefined;
      status?: string | undefined;
      channel?: string | undefined;
      id?: number | undefined;
      /** An order number or bank reference, or the account name of the member (any of `memberIds`). */
      search?: { orderNo: string; memberIds: number[] } | undefined;
    },
    page: { pageNo: number; pageSize: number },
    reader: Database = db,
  ) {
    await sweep(filter.merchantIds);
    let base = t(reader).selectFrom('deposits as d');
    if (filter.merchantIds) base = base.where('d.merchant_id', 'in', filter.merchantIds);
    if (filter.memberId) base = base.where('d.member_id', '=', filter.memberId);
    if (filter.status) base = base.where('d.status', '=', filter.status as 'pending');
    if (filter.channel) base = base.where('d.channel', '=', filter.channel as 'bank');
    if (filter.id) base = base.where('d.id', '=', filter.id);
    const search = filter.search;
    if (search) {
      base = base.where((eb) =>
        eb.or([
          eb('d.order_no', '=', search.orderNo),
          eb('d.reference', '=', search.orderNo),
          ...(search.memberIds.length > 0 ? [eb('d.member_id', 'in', search.memberIds)] : []),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('d')
      .select((eb) =>
        eb
          .selectFrom('payment_proofs')
          .whereRef('payment_proofs.deposit_id', '=', 'd.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('proof_count'),
      )
      .orderBy('d.id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute();
    const list = rows.map((row) => ({ row, deposit: toDeposit(row as DepositRow) }));
    return listPage(list, page, Number(total));
  }

  type AdminWithdrawalItem = Awaited<ReturnType<typeof adminWithdrawals>>['list'][number];
  async function adminWithdrawals(query: {
    merchantCode?: readonly string[] | undefined;
    status?: string | undefined;
    q?: string | undefined;
    ids?: number[];
    pageNo: number;
    pageSize: number;
  }) {
    const scope = await adminScope(query);
    const found = await withdrawalPage(
      { merchantIds: scope.merchantIds, status: query.status, ids: query.ids, search: scope.search },
      query,
      listReader(query),
    );
    const names = await members.usernames(found.list.map((w) => w.row.member_id));
    return {
      ...found,
      list: found.list.map(({ row, withdrawal }) => ({
        ...withdrawal,
        merchantCode: scope.merchantCodes.get(row.merchant_id) as string,
        memberId: row.member_id,
        username: names.get(row.member_id) as string,
        accountNumber: row.account_number,
        approvedBy: [row.first_approved_name, row.second_approved_name].filter((n): n is string => !!n),
        paidBy: row.paid_by_name,
      })),
    };
  }

  /**
   * What a back-office list query names: the merchants (by code; none: every one), every merchant's code, and a
   * search word as an order number or a member's account name (members found through the members module).
   */
  async function adminScope(query: { merchantCode?: readonly string[] | undefined; q?: string | undefined }) {
    const all = await merchants.list();
    const merchantIds = await merchants.idsOf(query.merchantCode);
    const merchantCodes = new Map(all.map((m) => [m.id, m.code]));
    if (!query.q) return { merchantIds, merchantCodes, search: undefined };
    const memberIds: number[] = [];
    for (const id of merchantIds ?? all.map((m) => m.id)) {
      const found = await members.byAccount(id, query.q);
      if (found) memberIds.push(found.id);
    }
    return { merchantIds, merchantCodes, search: { orderNo: query.q, memberIds } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Adjustments

  async function adjustmentPage(query: {
    merchantCode?: readonly string[] | undefined;
    status?: string | undefined;
    id?: number;
    pageNo: number;
    pageSize: number;
  }) {
    const scope = await adminScope(query);
    let base = t(listReader(query)).selectFrom('balance_adjustments as a').selectAll('a');
    if (scope.merchantIds) base = base.where('a.merchant_id', 'in', scope.merchantIds);
    if (query.status) base = base.where('a.status', '=', query.status as 'pending');
    if (query.id) base = base.where('a.id', '=', query.id);
    const { total } = await base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .orderBy('a.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute();
    const names = await members.usernames(rows.map((r) => r.member_id));
    const list = rows.map(
      (row): Adjustment => ({
        id: row.id,
        merchantCode: scope.merchantCodes.get(row.merchant_id) as string,
        memberId: row.member_id,
        username: names.get(row.member_id) as string,
        amount: row.amount,
        reason: row.reason,
        status: row.status,
        requiresSecondApproval: row.requires_second,
        requestedBy: row.requested_by_name,
        decidedBy: row.decided_by_name,
        entryId: row.ledger_entry_id,
        createdAt: iso(row.created_at) as string,
        decidedAt: iso(row.decided_at),
      }),
    );
    return listPage(list, query, Number(total));
  }
  async function adjustmentOf(id: number) {
    const found = (await adjustmentPage({ id, pageNo: 1, pageSize: 1 })).list[0];
    if (!found) throw new AppError('not_found');
    return found;
  }

  async function postAdjustment(
    trx: Database,
    row: { id: number; merchant_id: number; member_id: number; amount: number; reason: string },
    actor: Actor,
    accounts: { member: number; house: number },
  ) {
    const entry = await wallet.transfer(trx, {
      merchantId: row.merchant_id,
      idempotencyKey: ledgerKey('adjustment', row.id),
      type: 'adjustment',
      from: row.amount > 0 ? accounts.house : accounts.member,
      to: row.amount > 0 ? accounts.member : accounts.house,
      amount: Math.abs(row.amount),
      memo: `Adjustment: ${row.reason}`.slice(0, 500),
      actor: { type: 'operator', id: actor.id, name: actor.name, ip: actor.ip },
    });
    return entry.entryId;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Transfers between members

  async function transferBetween(
    merchant: Merchant,
    from: SignedInMember,
    to: { id: number; username: string },
    direction: 'upline' | 'downline',
    amount: number,
    requestId: string | undefined,
  ) {
    const fromAccount = await mainAccount(merchant, from.id);
    const toAccount = await mainAccount(merchant, to.id);
    const key = ledgerKey('member-transfer', from.id, requestId ?? crypto.randomUUID());
    await refreshCashOut(merchant, from.id);
    const entry = await db.transaction().execute(async (trx) => {
      const posted = await wallet.transfer(trx, {
        merchantId: merchant.id,
        idempotencyKey: key,
        type: 'transfer',
        from: fromAccount,
        to: toAccount,
        amount,
        memo:
          direction === 'upline'
            ? `Transfer to upline ${to.username}`
            : `Transfer to downline ${to.username}`,
        actor: { type: 'member', id: from.id },
      });
      if (!posted.replayed) {
        await checkCashOut(trx, from.id, amount, posted.postings[0]?.balanceAfter ?? null);
        await t(trx)
          .insertInto('member_transfers')
          .values({
            merchant_id: merchant.id,
            from_member_id: from.id,
            to_member_id: to.id,
            direction,
            amount,
            ledger_entry_id: posted.entryId,
          })
          .execute();
      }
      return posted;
    });
    return {
      entryId: entry.entryId,
      amount,
      toUsername: to.username,
      balance: await wallet.balance(fromAccount),
    };
  }

  async function adminDepositOf(
    service: {
      adminDeposits: (q: { id: number; pageNo: number; pageSize: number }) => Promise<{ list: unknown[] }>;
    },
    id: number,
  ) {
    const found = (await service.adminDeposits({ id, pageNo: 1, pageSize: 1 })).list[0];
    if (!found) throw new AppError('deposit_not_found');
    return found as AdminDeposit;
  }

  async function usedToday(executor: Database, merchant: Merchant, memberId: number) {
    const tz = merchant.settings.whitelabel.timeZone;
    const row = await t(executor)
      .selectFrom('withdrawals')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount - refunded_amount`), sql<number>`0`).as('used'),
      )
      .where('member_id', '=', memberId)
      .where('status', '<>', 'rejected')
      .where('created_at', '>=', sql<Date>`date_trunc('day', now() AT TIME ZONE ${tz}) AT TIME ZONE ${tz}`)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  return {
    deps,
    db,
    wallet,
    connectCashOutGuard(guard: CashOutGuard) {
      cashOutGuard = guard;
    },
    checkCashOut,
    refreshCashOut,
    heldBack,
    audit,
    merchants,
    members,
    games,
    repo,
    t,
    gateway,
    settingsOf,
    realMember,
    ledgerKey,
    mainAccount,
    depositById,
    sweep,
    decideDeposit,
    withdrawalRow,
    cardRow,
    refundWithdrawal,
    withdrawalAccounts,
    operateWithdrawal,
    adminWithdrawalOf,
    withdrawalPage,
    depositPage,
    listReader,
    adminWithdrawals,
    adminScope,
    adjustmentPage,
    adjustmentOf,
    postAdjustment,
    transferBetween,
    adminDepositOf,
    usedToday,
  };
}

export type PaymentsCore = ReturnType<typeof paymentsCore>;
