import crypto from 'node:crypto';
import type { OperatorRole } from '@tala/contracts/admin';
import type { ErrorCode } from '@tala/contracts/errors';
import { agentTypes, TRIAL_TYPE } from '@tala/contracts/members';
import {
  type Adjustment,
  type AdminDeposit,
  type BankCard,
  type ConsolidatedFunds,
  type Deposit,
  defaultPaymentSettings,
  type GatewayCredential,
  type GatewayNotification,
  gatewayNotification,
  type PaymentSettings,
  paymentSettings,
  type Withdrawal,
} from '@tala/contracts/payments';
import { checkAmount, type EntryType } from '@tala/contracts/wallet';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { GamesService } from '../games/games.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { checkGatewaySignature, httpGatewayAdapter, type PaymentGatewayAdapter } from './gateway-protocol.ts';
import { paymentsRepository } from './payments.repository.ts';
import type { DepositsTable, StoredBankAccount, WithdrawalsTable } from './payments.tables.ts';

/** The in-repo sandbox gateway (simulators/payment-gateway.ts). */
export const SANDBOX_GATEWAY = 'SANDBOXPAY';
const MAX_BANK_CARDS = 5;

type Selected<T> = {
  [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K];
};
type DepositRow = Selected<DepositsTable> & { proof_count?: number };
type WithdrawalRow = Selected<WithdrawalsTable>;

function orderNumber(prefix: 'D' | 'W') {
  const now = new Date();
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${day}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}

function amountOf(value: unknown, limits: { min?: number; max?: number } = {}, field = 'amount'): number {
  const checked = checkAmount(value, limits);
  if (!checked.ok) {
    const params: Record<string, number> = {};
    if (limits.min !== undefined) params.min = limits.min;
    if (limits.max !== undefined) params.max = limits.max;
    throw new AppError(checked.code, field, params);
  }
  return checked.amount;
}

function maskAccount(accountNumber: string) {
  return `**** ${accountNumber.slice(-4)}`;
}

const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    orderNo: row.order_no,
    channel: row.channel,
    amount: row.amount,
    status: row.status,
    reference: row.reference,
    bankAccount: row.bank_account,
    payerName: row.payer_name,
    proofCount: Number(row.proof_count ?? 0),
    rejectReason: row.reject_reason,
    createdAt: iso(row.created_at) as string,
    expiresAt: iso(row.expires_at) as string,
    decidedAt: iso(row.decided_at),
  };
}

type CardRow = {
  id: number;
  bank_name: string;
  account_number: string;
  payee_name: string;
  created_at: Date;
};
function toCard(row: CardRow): BankCard {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountMasked: maskAccount(row.account_number),
    payeeName: row.payee_name,
    createdAt: iso(row.created_at) as string,
  };
}

function toWithdrawal(
  row: WithdrawalRow & { proof_count?: number },
  card: CardRow,
  autoReceiveMinutes: number,
): Withdrawal {
  const paidAt = row.paid_at ? new Date(row.paid_at) : null;
  return {
    id: row.id,
    orderNo: row.order_no,
    amount: row.amount,
    status: row.status,
    bankCard: toCard(card),
    requiresSecondApproval: row.requires_second,
    paidAmount: row.paid_amount,
    payout: row.paid_amount === null ? null : row.paid_amount === row.amount ? 'full' : 'partial',
    receipt: row.receipt,
    receivedAmount: row.received_amount,
    proofCount: Number(row.proof_count ?? 0),
    rejectReason: row.reject_reason,
    createdAt: iso(row.created_at) as string,
    paidAt: iso(paidAt),
    confirmBy: paidAt ? new Date(paidAt.getTime() + autoReceiveMinutes * 60_000).toISOString() : null,
    confirmedAt: iso(row.confirmed_at),
  };
}

/** A list answer of GUIDE §3: the rows of one page with the paging figures. */
function listPage<T>(list: T[], page: { pageNo: number; pageSize: number }, total: number) {
  return {
    list,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    total,
    totalPages: Math.ceil(total / page.pageSize),
  };
}

/** An operator as the back office's secret-holding calls need it: who, from where, in which role. */
export type SecretsOperator = Actor & { role: OperatorRole };
/** Gateway secrets are for the owner and finance; every other role is refused here, whatever the route allows. */
const GATEWAY_SECRET_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
function mayHandleGatewaySecrets(operator: SecretsOperator) {
  if (!GATEWAY_SECRET_ROLES.includes(operator.role)) throw new AppError('forbidden');
}

function toGatewayCredential(row: {
  gateway_code: string;
  merchant_no: string;
  api_url: string | null;
  secret: string;
  updated_at: Date;
}): GatewayCredential {
  return {
    gatewayCode: row.gateway_code,
    merchantNo: row.merchant_no,
    apiUrl: row.api_url,
    secretHint: `…${row.secret.slice(-4)}`,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function normaliseName(name: string) {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Payments: deposits, withdrawals, bank cards, transfers between members, transfer wallets and manual adjustments
 * (docs/decisions/021-payments.md). Every movement of money goes through the wallet inside the transaction that
 * records the business event, under an idempotency key derived from that event, so a retried or repeated request
 * moves money once.
 */
export function paymentsService(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  games: GamesService;
  gateway?: PaymentGatewayAdapter;
  /** Where the sandbox gateway listens, once started; undefined when it is not running. */
  sandboxUrl?: () => string | undefined;
  /** Our own address as the gateway reaches it, for notifications. */
  callbackBase?: () => string | undefined;
}) {
  const { db, wallet, audit, merchants, members, games } = deps;
  const repo = paymentsRepository();
  const t = repo.t;
  const gateway = deps.gateway ?? httpGatewayAdapter();

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
  async function sweep(merchantId?: number) {
    let expire = t(db)
      .updateTable('deposits')
      .set({ status: 'expired' })
      .where('status', '=', 'pending')
      .where('expires_at', '<', sql<Date>`now()`);
    if (merchantId) expire = expire.where('merchant_id', '=', merchantId);
    await expire.execute();
    const targets = merchantId ? [merchantId] : (await merchants.list()).map((m) => m.id);
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
    await sweep(found.merchant_id);
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
      merchantId?: number | undefined;
      memberId?: number | undefined;
      status?: string | undefined;
      ids?: number[] | undefined;
      /** An order number, or the account name of the member (any of `memberIds`). */
      search?: { orderNo: string; memberIds: number[] } | undefined;
    },
    page: { pageNo: number; pageSize: number },
  ) {
    await sweep(filter.merchantId);
    let base = t(db).selectFrom('withdrawals as w').innerJoin('bank_cards as c', 'c.id', 'w.bank_card_id');
    if (filter.merchantId) base = base.where('w.merchant_id', '=', filter.merchantId);
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
      merchantId?: number | undefined;
      memberId?: number | undefined;
      status?: string | undefined;
      channel?: string | undefined;
      id?: number | undefined;
      /** An order number or bank reference, or the account name of the member (any of `memberIds`). */
      search?: { orderNo: string; memberIds: number[] } | undefined;
    },
    page: { pageNo: number; pageSize: number },
  ) {
    await sweep(filter.merchantId);
    let base = t(db).selectFrom('deposits as d');
    if (filter.merchantId) base = base.where('d.merchant_id', '=', filter.merchantId);
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
    merchantCode?: string | undefined;
    status?: string | undefined;
    q?: string | undefined;
    ids?: number[];
    pageNo: number;
    pageSize: number;
  }) {
    const scope = await adminScope(query);
    const found = await withdrawalPage(
      { merchantId: scope.merchantId, status: query.status, ids: query.ids, search: scope.search },
      query,
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
   * What a back-office list query names: the merchant (by code), every merchant's code, and a search word as an
   * order number or a member's account name (members found through the members module).
   */
  async function adminScope(query: { merchantCode?: string | undefined; q?: string | undefined }) {
    const all = await merchants.list();
    const merchant = query.merchantCode ? await merchants.byCode(query.merchantCode) : undefined;
    const merchantCodes = new Map(all.map((m) => [m.id, m.code]));
    if (!query.q) return { merchantId: merchant?.id, merchantCodes, search: undefined };
    const inMerchants = merchant ? [merchant] : all;
    const memberIds: number[] = [];
    for (const m of inMerchants) {
      const found = await members.byAccount(m.id, query.q);
      if (found) memberIds.push(found.id);
    }
    return { merchantId: merchant?.id, merchantCodes, search: { orderNo: query.q, memberIds } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Adjustments

  async function adjustmentPage(query: {
    merchantCode?: string | undefined;
    status?: string | undefined;
    id?: number;
    pageNo: number;
    pageSize: number;
  }) {
    const scope = await adminScope(query);
    let base = t(db).selectFrom('balance_adjustments as a').selectAll('a');
    if (scope.merchantId) base = base.where('a.merchant_id', '=', scope.merchantId);
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

  return {
    settings: settingsOf,
    sweep,

    async saveSettings(actor: Actor, merchantCode: string, settings: PaymentSettings) {
      const merchant = await merchants.byCode(merchantCode);
      const before = await settingsOf(merchant.id);
      await db.transaction().execute(async (trx) => {
        await repo.saveSettings(trx, merchant.id, settings);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: merchant.id,
          action: 'payments.settings.update',
          target: `merchant:${merchant.code}`,
          before,
          after: settings,
          ip: actor.ip,
        });
      });
      return settingsOf(merchant.id);
    },

    /** The merchant's gateway accounts, secrets masked. Owner and finance only (`forbidden` for other roles). */
    async gatewayCredentials(operator: SecretsOperator, merchantCode: string): Promise<GatewayCredential[]> {
      mayHandleGatewaySecrets(operator);
      const merchant = await merchants.byCode(merchantCode);
      return (await repo.merchantCredentials(db, merchant.id)).map(toGatewayCredential);
    },

    /**
     * Sets a merchant's account at a gateway. The secret is write-only: left out, the stored one stays (a new
     * account needs one). Owner and finance only. Audited without the secret.
     */
    async saveGatewayCredential(
      operator: SecretsOperator,
      merchantCode: string,
      body: { gatewayCode: string; merchantNo: string; apiUrl: string | null; secret?: string | undefined },
    ): Promise<GatewayCredential> {
      mayHandleGatewaySecrets(operator);
      const merchant = await merchants.byCode(merchantCode);
      const existing = await repo.gatewayCredentials(db, merchant.id, body.gatewayCode);
      const secret = body.secret ?? existing?.secret;
      if (!secret) throw new AppError('validation_failed', 'secret');
      const holder = await repo.gatewayCredentialsByNumber(db, body.gatewayCode, body.merchantNo);
      if (holder && holder.merchant_id !== merchant.id) throw new AppError('conflict', 'merchantNo');
      await db.transaction().execute(async (trx) => {
        await repo.saveCredentials(trx, {
          merchant_id: merchant.id,
          gateway_code: body.gatewayCode,
          merchant_no: body.merchantNo,
          secret,
          api_url: body.apiUrl,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'payments.gateway_credentials.update',
          target: `merchant:${merchant.code}:${body.gatewayCode}`,
          before: existing ? { merchantNo: existing.merchant_no, apiUrl: existing.api_url } : null,
          after: {
            merchantNo: body.merchantNo,
            apiUrl: body.apiUrl,
            secretChanged: body.secret !== undefined,
          },
          ip: operator.ip,
        });
      });
      return toGatewayCredential(
        (await repo.gatewayCredentials(db, merchant.id, body.gatewayCode)) as NonNullable<typeof existing>,
      );
    },

    /** Secrets for the sandbox gateway, one account per merchant, created on first start. */
    async ensureSandboxCredentials() {
      const all = await merchants.list();
      await repo.ensureCredentials(
        db,
        all.map((m) => ({
          merchant_id: m.id,
          gateway_code: SANDBOX_GATEWAY,
          merchant_no: `M${m.code.toUpperCase().replaceAll('-', '')}`,
          secret: crypto.randomBytes(32).toString('hex'),
        })),
      );
      return Object.fromEntries(
        (await repo.allCredentials(db, SANDBOX_GATEWAY)).map((c) => [c.merchant_no, c.secret]),
      ) as Record<string, string>;
    },

    // ---------------------------------------------------------------------------------------------------------
    // Wallets (issue item 2)

    async merchantWallet(merchant: Merchant) {
      const vendors = await games.transferVendors(merchant);
      return { isSingle: vendors.length === 0, transferVendors: vendors };
    },

    async consolidated(merchant: Merchant, member: SignedInMember): Promise<ConsolidatedFunds> {
      const whitelabel = merchant.settings.whitelabel;
      const currency = {
        currencySymbol: whitelabel.currencySymbol,
        currencyExponent: whitelabel.currencyExponent,
        displayDecimals: whitelabel.displayDecimals,
      };
      if (member.type === TRIAL_TYPE) {
        const demo = member.demo_balance ?? 0;
        return {
          sumBalance: demo,
          mainBalance: demo,
          vendorWallets: [],
          pendingWithdrawals: 0,
          pendingDeposits: 0,
          ...currency,
        };
      }
      await mainAccount(merchant, member.id);
      const accounts = await wallet.memberAccounts(member.id);
      const vendors = await games.transferVendors(merchant);
      const main = accounts.find((a) => a.kind === 'member_main')?.balance ?? 0;
      const vendorWallets = vendors.map((v) => ({
        vendorCode: v.vendorCode,
        displayName: v.displayName,
        balance:
          accounts.find((a) => a.kind === 'member_vendor' && a.vendorCode === v.vendorCode)?.balance ?? 0,
      }));
      const held = await t(db)
        .selectFrom('withdrawals')
        .select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>(sql<number>`amount - refunded_amount`), sql<number>`0`).as('held'),
        )
        .where('member_id', '=', member.id)
        .where('status', 'in', ['pending', 'awaiting_second_approval', 'approved'])
        .executeTakeFirstOrThrow();
      const pending = await t(db)
        .selectFrom('deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('pending'))
        .where('member_id', '=', member.id)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return {
        sumBalance: main + vendorWallets.reduce((sum, v) => sum + v.balance, 0),
        mainBalance: main,
        vendorWallets,
        pendingWithdrawals: Number(held.held),
        pendingDeposits: Number(pending.pending),
        ...currency,
      };
    },

    async walletTransfer(
      merchant: Merchant,
      member: SignedInMember,
      body: { vendorCode: string; direction: 'in' | 'out'; amount: unknown; requestId?: string | undefined },
    ) {
      realMember(member);
      const amount = amountOf(body.amount);
      const vendors = await games.transferVendors(merchant);
      if (!vendors.some((v) => v.vendorCode === body.vendorCode)) {
        throw new AppError('vendor_not_transfer_wallet', 'vendorCode');
      }
      const main = await mainAccount(merchant, member.id);
      const vendor = await wallet.memberAccount(merchant.id, member.id, {
        kind: 'member_vendor',
        vendorCode: body.vendorCode,
      });
      const entry = await wallet.transfer(db, {
        merchantId: merchant.id,
        idempotencyKey: ledgerKey('vendor-transfer', member.id, body.requestId ?? crypto.randomUUID()),
        type: 'vendor_transfer',
        from: body.direction === 'in' ? main : vendor,
        to: body.direction === 'in' ? vendor : main,
        amount,
        memo: body.direction === 'in' ? `To ${body.vendorCode} wallet` : `From ${body.vendorCode} wallet`,
        actor: { type: 'member', id: member.id },
      });
      return {
        entryId: entry.entryId,
        mainBalance: await wallet.balance(main),
        vendorBalance: await wallet.balance(vendor),
      };
    },

    // ---------------------------------------------------------------------------------------------------------
    // Deposits (issue item 3)

    async depositChannels(merchant: Merchant) {
      const s = await settingsOf(merchant.id);
      const credentials = await repo.gatewayCredentials(db, merchant.id, s.deposit.gateway.gatewayCode);
      const apiUrl =
        credentials?.api_url ??
        (s.deposit.gateway.gatewayCode === SANDBOX_GATEWAY ? deps.sandboxUrl?.() : undefined);
      return {
        bank: { ...s.deposit.bank },
        gateway: {
          ...s.deposit.gateway,
          available: s.deposit.gateway.enabled && !!credentials && !!apiUrl && !!deps.callbackBase?.(),
        },
        expiryMinutes: s.deposit.expiryMinutes,
      };
    },

    async depositByBank(
      merchant: Merchant,
      member: SignedInMember,
      fields: Record<string, string>,
      images: ReceivedImage[],
    ): Promise<Deposit> {
      realMember(member);
      const s = await settingsOf(merchant.id);
      if (!s.deposit.bank.enabled) throw new AppError('payment_channel_unavailable', 'channel');
      const amount = amountOf(fields.amount, {
        min: s.deposit.bank.minAmount,
        max: s.deposit.bank.maxAmount,
      });
      const account = s.deposit.bank.accounts.find((a) => a.id === fields.bankAccountId);
      if (!account) throw new AppError('validation_failed', 'bankAccountId');
      const payerName = (fields.payerName ?? '').trim();
      if (payerName.length < 1 || payerName.length > 80) throw new AppError('validation_failed', 'payerName');
      const reference = (fields.reference ?? '').trim();
      if (reference.length < 4 || reference.length > 60) throw new AppError('validation_failed', 'reference');
      const requestId = fields.requestId || null;
      if (requestId !== null && !/^[A-Za-z0-9_-]{8,64}$/.test(requestId))
        throw new AppError('validation_failed', 'requestId');
      if (images.some((i) => i.contentType !== 'image/png' && i.contentType !== 'image/jpeg')) {
        throw new AppError('image_type_not_allowed', 'proof', { types: 'PNG, JPG' });
      }
      if (requestId) {
        const existing = await t(db)
          .selectFrom('deposits')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', requestId)
          .executeTakeFirst();
        if (existing) return toDeposit((await depositById(db, existing.id)) as DepositRow);
      }
      const id = await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .insertInto('deposits')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            order_no: orderNumber('D'),
            request_id: requestId,
            channel: 'bank',
            amount,
            reference,
            bank_account: JSON.stringify(account satisfies StoredBankAccount),
            payer_name: payerName,
            gateway_code: null,
            expires_at: sql<Date>`now() + make_interval(mins => ${s.deposit.expiryMinutes})`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const image of images) {
          await t(trx)
            .insertInto('payment_proofs')
            .values({ deposit_id: row.id, content_type: image.contentType, bytes: image.bytes })
            .execute();
        }
        return row.id;
      });
      return toDeposit((await depositById(db, id)) as DepositRow);
    },

    async depositByGateway(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; returnPath?: string | undefined; requestId?: string | undefined },
      origin: string,
    ) {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const code = s.deposit.gateway.gatewayCode;
      if (!s.deposit.gateway.enabled) throw new AppError('payment_channel_unavailable', 'channel');
      const amount = amountOf(body.amount, {
        min: s.deposit.gateway.minAmount,
        max: s.deposit.gateway.maxAmount,
      });
      const credentials = await repo.gatewayCredentials(db, merchant.id, code);
      const apiUrl = credentials?.api_url ?? (code === SANDBOX_GATEWAY ? deps.sandboxUrl?.() : undefined);
      const callbackBase = deps.callbackBase?.();
      if (!credentials || !apiUrl || !callbackBase)
        throw new AppError('payment_channel_unavailable', 'channel');
      if (body.requestId) {
        const existing = await t(db)
          .selectFrom('deposits')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', body.requestId)
          .executeTakeFirst();
        if (existing) throw new AppError('idempotency_conflict', 'requestId');
      }
      const row = await t(db)
        .insertInto('deposits')
        .values({
          merchant_id: merchant.id,
          member_id: member.id,
          order_no: orderNumber('D'),
          request_id: body.requestId ?? null,
          channel: 'gateway',
          amount,
          reference: null,
          bank_account: null,
          payer_name: null,
          gateway_code: code,
          expires_at: sql<Date>`now() + make_interval(mins => ${s.deposit.expiryMinutes})`,
        })
        .returning(['id', 'order_no'])
        .executeTakeFirstOrThrow();
      let payUrl: string;
      try {
        const created = await gateway.createOrder(
          { apiUrl, secret: credentials.secret },
          {
            merchantNo: credentials.merchant_no,
            orderNo: row.order_no,
            amount,
            currency: 'PHP',
            exponent: merchant.settings.whitelabel.currencyExponent,
            notifyUrl: `${callbackBase}/vendor-api/payments/${code}/notify`,
            returnUrl: `${origin}${body.returnPath ?? '/'}`,
          },
        );
        payUrl = created.payUrl;
        await t(db)
          .updateTable('deposits')
          .set({ gateway_txn_id: created.gatewayTxnId })
          .where('id', '=', row.id)
          .execute();
      } catch {
        await t(db)
          .updateTable('deposits')
          .set({
            status: 'rejected',
            reject_reason: 'The payment gateway could not be reached',
            decided_at: sql<Date>`now()`,
          })
          .where('id', '=', row.id)
          .execute();
        throw new AppError('payment_channel_unavailable', 'channel');
      }
      return { ...toDeposit((await depositById(db, row.id)) as DepositRow), payUrl };
    },

    /**
     * A gateway's signed notification. Forged (bad signature, unknown merchant number), stale or replayed (a nonce
     * seen before) ones are refused and change nothing; a repeated or late "paid" credits the deposit once.
     */
    async gatewayNotify(
      gatewayCode: string,
      headers: { timestamp?: string | undefined; nonce?: string | undefined; signature?: string | undefined },
      rawBody: string,
    ) {
      let parsed: GatewayNotification;
      try {
        const result = gatewayNotification.safeParse(JSON.parse(rawBody));
        if (!result.success)
          throw new AppError('validation_failed', String(result.error.issues[0]?.path[0] ?? 'body'));
        parsed = result.data;
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('validation_failed', 'body');
      }
      const credentials = await repo.gatewayCredentialsByNumber(db, gatewayCode, parsed.merchantNo);
      if (!credentials) throw new AppError('signature_invalid');
      const check = checkGatewaySignature(credentials.secret, headers, rawBody);
      if (check === 'stale') throw new AppError('signature_stale');
      if (check !== 'ok') throw new AppError('signature_invalid');
      const found = await t(db)
        .selectFrom('deposits')
        .selectAll()
        .where('merchant_id', '=', credentials.merchant_id)
        .where('order_no', '=', parsed.orderNo)
        .where('gateway_code', '=', gatewayCode)
        .executeTakeFirst();
      if (!found) throw new AppError('deposit_not_found', 'orderNo');
      if (found.amount !== parsed.amount) throw new AppError('gateway_amount_mismatch', 'amount');
      const member = await wallet.memberAccount(found.merchant_id, found.member_id);
      const clearing = await wallet.houseAccount(found.merchant_id, 'house_deposit_clearing');
      return db.transaction().execute(async (trx) => {
        if (!(await repo.useNonce(trx, gatewayCode, headers.nonce as string)))
          throw new AppError('nonce_reused');
        const row = await t(trx)
          .selectFrom('deposits')
          .selectAll()
          .where('id', '=', found.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (parsed.status === 'paid' && row.status !== 'approved') {
          const entry = await wallet.transfer(trx, {
            merchantId: row.merchant_id,
            idempotencyKey: ledgerKey('deposit', row.order_no),
            type: 'deposit',
            from: clearing,
            to: member,
            amount: row.amount,
            memo: `Deposit ${row.order_no} (${gatewayCode} ${parsed.gatewayTxnId})`,
            actor: { type: 'system' },
          });
          await t(trx)
            .updateTable('deposits')
            .set({
              status: 'approved',
              ledger_entry_id: entry.entryId,
              gateway_txn_id: parsed.gatewayTxnId,
              reject_reason: null,
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
          return { orderNo: row.order_no, status: 'approved' as const, credited: true };
        }
        if (parsed.status === 'failed' && row.status === 'pending') {
          await t(trx)
            .updateTable('deposits')
            .set({
              status: 'rejected',
              reject_reason: 'The payment was cancelled or failed at the gateway',
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
          return { orderNo: row.order_no, status: 'rejected' as const, credited: false };
        }
        return { orderNo: row.order_no, status: row.status, credited: false };
      });
    },

    async memberDeposits(
      member: SignedInMember,
      query: { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const found = await depositPage(
        { merchantId: member.merchant_id, memberId: member.id, status: query.status },
        query,
      );
      return { ...found, list: found.list.map((d) => d.deposit) };
    },

    async adminDeposits(query: {
      merchantCode?: string | undefined;
      status?: string | undefined;
      channel?: string | undefined;
      q?: string | undefined;
      pageNo: number;
      pageSize: number;
      id?: number;
    }) {
      const scope = await adminScope(query);
      const found = await depositPage(
        {
          merchantId: scope.merchantId,
          status: query.status,
          channel: query.channel,
          id: query.id,
          search: scope.search,
        },
        query,
      );
      const names = await members.usernames(found.list.map((d) => d.row.member_id));
      return {
        ...found,
        list: found.list.map(({ row, deposit }) => ({
          ...deposit,
          merchantCode: scope.merchantCodes.get(row.merchant_id) as string,
          memberId: row.member_id,
          username: names.get(row.member_id) as string,
          decidedBy: row.decided_by_name,
          gatewayTxnId: row.gateway_txn_id,
        })),
      };
    },

    async approveDeposit(actor: Actor, id: number) {
      const row = await depositById(db, id);
      if (!row) throw new AppError('deposit_not_found');
      if (row.channel !== 'bank') throw new AppError('payment_state_invalid');
      await decideDeposit(actor, id, { approve: true });
      return adminDepositOf(this, id);
    },

    async rejectDeposit(actor: Actor, id: number, reason: string) {
      const row = await depositById(db, id);
      if (!row) throw new AppError('deposit_not_found');
      if (row.channel !== 'bank') throw new AppError('payment_state_invalid');
      await decideDeposit(actor, id, { approve: false, reason });
      return adminDepositOf(this, id);
    },

    async proof(id: number) {
      const row = await t(db)
        .selectFrom('payment_proofs')
        .select(['content_type', 'bytes'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found');
      return row;
    },

    async proofIds(kind: 'deposit' | 'withdrawal', id: number) {
      const rows = await t(db)
        .selectFrom('payment_proofs')
        .select('id')
        .where(kind === 'deposit' ? 'deposit_id' : 'withdrawal_id', '=', id)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.id);
    },

    // ---------------------------------------------------------------------------------------------------------
    // Payment password and bank cards (issue item 4)

    async bankCards(member: SignedInMember) {
      const rows = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toCard);
    },

    async addBankCard(
      member: SignedInMember,
      body: { bankName: string; accountNumber: string; payeeName: string; paymentPassword: string },
      ip: string,
    ) {
      realMember(member);
      if (!member.payee_name || normaliseName(member.payee_name) !== normaliseName(body.payeeName)) {
        throw new AppError('payee_name_mismatch', 'payeeName');
      }
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(21, ${member.id})`.execute(trx);
        const bound = await t(trx)
          .selectFrom('bank_cards')
          .select(['account_number'])
          .where('member_id', '=', member.id)
          .where('removed_at', 'is', null)
          .execute();
        if (bound.some((c) => c.account_number === body.accountNumber))
          throw new AppError('bank_card_duplicate', 'accountNumber');
        if (bound.length >= MAX_BANK_CARDS)
          throw new AppError('bank_card_limit', undefined, { max: MAX_BANK_CARDS });
        const row = await t(trx)
          .insertInto('bank_cards')
          .values({
            merchant_id: member.merchant_id,
            member_id: member.id,
            bank_name: body.bankName,
            account_number: body.accountNumber,
            payee_name: member.payee_name as string,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: member.merchant_id,
          action: 'payments.bank_card.add',
          target: `bank_card:${row.id}`,
          after: { bankName: row.bank_name, account: maskAccount(row.account_number) },
          ip,
        });
        return toCard(row);
      });
    },

    async removeBankCard(member: SignedInMember, id: number, paymentPassword: string, ip: string) {
      realMember(member);
      const card = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('id', '=', id)
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!card) throw new AppError('bank_card_not_yours', 'id');
      await members.verifyPaymentPassword(member, paymentPassword);
      await db.transaction().execute(async (trx) => {
        // The member's withdrawal lock: a withdrawal to this card cannot start while it is being removed.
        await sql`SELECT pg_advisory_xact_lock(20, ${member.id})`.execute(trx);
        const unfinished = await t(trx)
          .selectFrom('withdrawals')
          .select('id')
          .where('bank_card_id', '=', id)
          .where('status', 'not in', ['rejected', 'completed'])
          .executeTakeFirst();
        if (unfinished) throw new AppError('bank_card_withdrawal_pending', 'id');
        await t(trx)
          .updateTable('bank_cards')
          .set({ removed_at: sql<Date>`now()` })
          .where('id', '=', id)
          .execute();
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: member.merchant_id,
          action: 'payments.bank_card.remove',
          target: `bank_card:${id}`,
          ip,
        });
      });
    },

    // ---------------------------------------------------------------------------------------------------------
    // Withdrawals (issue item 4)

    async withdrawalLimits(merchant: Merchant, member: SignedInMember) {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const used = await usedToday(db, merchant, member.id);
      return {
        minAmount: s.withdrawal.minAmount,
        maxAmount: s.withdrawal.maxAmount,
        dailyMaxAmount: s.withdrawal.dailyMaxAmount,
        usedToday: used,
        autoReceiveMinutes: s.withdrawal.autoReceiveMinutes,
        balance: await wallet.balance(await mainAccount(merchant, member.id)),
        paymentPasswordSet: await members.paymentPasswordIsSet(member.id),
      };
    },

    async withdraw(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; bankCardId: number; paymentPassword: string; requestId?: string | undefined },
    ): Promise<Withdrawal> {
      realMember(member);
      const s = await settingsOf(merchant.id);
      const amount = amountOf(body.amount, { min: s.withdrawal.minAmount, max: s.withdrawal.maxAmount });
      const card = await t(db)
        .selectFrom('bank_cards')
        .selectAll()
        .where('id', '=', body.bankCardId)
        .where('member_id', '=', member.id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (!card) throw new AppError('bank_card_not_yours', 'bankCardId');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      if (body.requestId) {
        const existing = await t(db)
          .selectFrom('withdrawals')
          .select('id')
          .where('member_id', '=', member.id)
          .where('request_id', '=', body.requestId)
          .executeTakeFirst();
        if (existing) {
          const row = (await withdrawalRow(db, existing.id)) as WithdrawalRow;
          if (row.amount !== amount || row.bank_card_id !== card.id)
            throw new AppError('idempotency_conflict', 'requestId');
          return toWithdrawal(row, card, s.withdrawal.autoReceiveMinutes);
        }
      }
      const account = await mainAccount(merchant, member.id);
      const clearing = await wallet.houseAccount(merchant.id, 'house_withdrawal_clearing');
      const id = await db.transaction().execute(async (trx) => {
        // One withdrawal of a member at a time: the daily limit is checked and used in one step.
        await sql`SELECT pg_advisory_xact_lock(20, ${member.id})`.execute(trx);
        const stillBound = await t(trx)
          .selectFrom('bank_cards')
          .select('id')
          .where('id', '=', card.id)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        if (!stillBound) throw new AppError('bank_card_not_yours', 'bankCardId');
        const used = await usedToday(trx, merchant, member.id);
        if (used + amount > s.withdrawal.dailyMaxAmount) {
          throw new AppError('withdrawal_daily_limit', 'amount', { max: s.withdrawal.dailyMaxAmount });
        }
        const orderNo = orderNumber('W');
        const hold = await wallet.transfer(trx, {
          merchantId: merchant.id,
          idempotencyKey: ledgerKey('withdrawal', orderNo, 'hold'),
          type: 'withdrawal',
          from: account,
          to: clearing,
          amount,
          memo: `Withdrawal ${orderNo} to ${card.bank_name} ${maskAccount(card.account_number)}`,
          actor: { type: 'member', id: member.id },
        });
        const row = await t(trx)
          .insertInto('withdrawals')
          .values({
            merchant_id: merchant.id,
            member_id: member.id,
            order_no: orderNo,
            request_id: body.requestId ?? null,
            bank_card_id: card.id,
            amount,
            requires_second: amount > s.withdrawal.secondApprovalAbove,
            hold_entry_id: hold.entryId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return toWithdrawal(
        (await withdrawalRow(db, id)) as WithdrawalRow,
        card,
        s.withdrawal.autoReceiveMinutes,
      );
    },

    async memberWithdrawals(
      merchant: Merchant,
      member: SignedInMember,
      query: { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const found = await withdrawalPage(
        { merchantId: merchant.id, memberId: member.id, status: query.status },
        query,
      );
      return { ...found, list: found.list.map((w) => w.withdrawal) };
    },

    /** The member's answer after a payout: received, partly received (how much), or not received (with proof). */
    async confirmReceipt(
      merchant: Merchant,
      member: SignedInMember,
      fields: Record<string, string>,
      images: ReceivedImage[],
    ) {
      realMember(member);
      const withdrawalId = Number(fields.withdrawalId);
      if (!Number.isSafeInteger(withdrawalId) || withdrawalId < 1)
        throw new AppError('validation_failed', 'withdrawalId');
      const receipt = fields.receipt;
      if (receipt !== 'received' && receipt !== 'partly_received' && receipt !== 'not_received') {
        throw new AppError('validation_failed', 'receipt');
      }
      const found = await withdrawalRow(db, withdrawalId);
      if (!found || found.member_id !== member.id) throw new AppError('withdrawal_not_found', 'withdrawalId');
      await sweep(merchant.id);
      const s = await settingsOf(merchant.id);
      const current = (await withdrawalRow(db, withdrawalId)) as WithdrawalRow;
      if (current.status === 'completed' && current.receipt === 'auto_received')
        throw new AppError('confirmation_closed');
      if (current.status !== 'paid') throw new AppError('payment_state_invalid');
      const paid = current.paid_amount as number;
      let receivedAmount: number;
      if (receipt === 'received') receivedAmount = paid;
      else if (receipt === 'partly_received') {
        if (paid <= 1) throw new AppError('amount_over_limit', 'receivedAmount', { max: 0 });
        receivedAmount = amountOf(fields.receivedAmount, { max: paid - 1 }, 'receivedAmount');
      } else {
        receivedAmount = 0;
        if (images.length === 0) throw new AppError('image_required', 'proof');
      }
      if (receipt !== 'not_received' && images.length > 0) throw new AppError('validation_failed', 'proof');
      await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .selectFrom('withdrawals')
          .select(['status', 'paid_at'])
          .where('id', '=', withdrawalId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.status !== 'paid') throw new AppError('payment_state_invalid');
        const closes = new Date(row.paid_at as Date).getTime() + s.withdrawal.autoReceiveMinutes * 60_000;
        if (Date.now() > closes) throw new AppError('confirmation_closed');
        await t(trx)
          .updateTable('withdrawals')
          .set({
            status: receipt === 'received' ? 'completed' : 'disputed',
            receipt,
            received_amount: receivedAmount,
            confirmed_at: sql<Date>`now()`,
          })
          .where('id', '=', withdrawalId)
          .execute();
        for (const image of images) {
          await t(trx)
            .insertInto('payment_proofs')
            .values({ withdrawal_id: withdrawalId, content_type: image.contentType, bytes: image.bytes })
            .execute();
        }
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: merchant.id,
          action: `payments.withdrawal.${receipt}`,
          target: `withdrawal:${current.order_no}`,
          after: { receivedAmount, proofs: images.length },
        });
      });
      const card = await cardRow(db, current.bank_card_id);
      return toWithdrawal(
        (await withdrawalRow(db, withdrawalId)) as WithdrawalRow,
        card,
        s.withdrawal.autoReceiveMinutes,
      );
    },

    adminWithdrawals,

    async approveWithdrawal(actor: Actor, id: number) {
      await operateWithdrawal(actor, id, 'approve', async (trx, row) => {
        if (row.status === 'pending') {
          const status = row.requires_second ? 'awaiting_second_approval' : 'approved';
          await t(trx)
            .updateTable('withdrawals')
            .set({ status, first_approved_by: actor.id, first_approved_name: actor.name })
            .where('id', '=', id)
            .execute();
          return { status };
        }
        if (row.status === 'awaiting_second_approval') {
          if (row.first_approved_by === actor.id) throw new AppError('same_operator_approval');
          await t(trx)
            .updateTable('withdrawals')
            .set({ status: 'approved', second_approved_by: actor.id, second_approved_name: actor.name })
            .where('id', '=', id)
            .execute();
          return { status: 'approved' };
        }
        throw new AppError('payment_state_invalid');
      });
      return adminWithdrawalOf(id);
    },

    async rejectWithdrawal(actor: Actor, id: number, reason: string) {
      await operateWithdrawal(actor, id, 'reject', async (trx, row, accounts) => {
        if (!['pending', 'awaiting_second_approval', 'approved'].includes(row.status))
          throw new AppError('payment_state_invalid');
        await refundWithdrawal(trx, row, row.amount - row.refunded_amount, 'rejected', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({ status: 'rejected', reject_reason: reason })
          .where('id', '=', id)
          .execute();
        return { status: 'rejected', reason, refunded: row.amount - row.refunded_amount };
      });
      return adminWithdrawalOf(id);
    },

    async markWithdrawalPaid(actor: Actor, id: number, paidAmountInput: unknown) {
      await operateWithdrawal(actor, id, 'paid', async (trx, row, accounts) => {
        if (row.status !== 'approved') throw new AppError('payment_state_invalid');
        const paidAmount = amountOf(paidAmountInput, { max: row.amount }, 'paidAmount');
        await refundWithdrawal(trx, row, row.amount - paidAmount, 'partial-payout', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({
            status: 'paid',
            paid_amount: paidAmount,
            paid_at: sql<Date>`now()`,
            paid_by: actor.id,
            paid_by_name: actor.name,
          })
          .where('id', '=', id)
          .execute();
        return { status: 'paid', paidAmount, payout: paidAmount === row.amount ? 'full' : 'partial' };
      });
      return adminWithdrawalOf(id);
    },

    async resolveWithdrawal(actor: Actor, id: number, body: { refundAmount?: unknown; note: string }) {
      await operateWithdrawal(actor, id, 'resolve', async (trx, row, accounts) => {
        if (row.status !== 'disputed') throw new AppError('payment_state_invalid');
        const paid = row.paid_amount as number;
        const refund =
          body.refundAmount === undefined || body.refundAmount === null || body.refundAmount === ''
            ? 0
            : amountOf(body.refundAmount, { max: paid }, 'refundAmount');
        await refundWithdrawal(trx, row, refund, 'dispute-refund', actor, accounts);
        await t(trx)
          .updateTable('withdrawals')
          .set({ status: 'completed', resolution_note: body.note })
          .where('id', '=', id)
          .execute();
        return { status: 'completed', refund, note: body.note };
      });
      return adminWithdrawalOf(id);
    },

    // ---------------------------------------------------------------------------------------------------------
    // Transfers (issue item 5)

    async upline(member: SignedInMember) {
      if (!member.upline_id) return { username: null, nickname: null };
      const upline = await members.byId(member.upline_id);
      return { username: upline?.username ?? null, nickname: upline?.nickname ?? null };
    },

    async transferToUpline(
      merchant: Merchant,
      member: SignedInMember,
      body: { amount: unknown; paymentPassword: string; requestId?: string | undefined },
    ) {
      realMember(member);
      const amount = amountOf(body.amount);
      const upline = member.upline_id ? await members.byId(member.upline_id) : undefined;
      if (!upline || upline.merchant_id !== merchant.id) throw new AppError('transfer_no_upline');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return transferBetween(merchant, member, upline, 'upline', amount, body.requestId);
    },

    async downline(member: SignedInMember, q: string | undefined) {
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      return members.downline(member.id, q, 50);
    },

    async transferToDownline(
      merchant: Merchant,
      member: SignedInMember,
      body: { username: string; amount: unknown; paymentPassword: string; requestId?: string | undefined },
    ) {
      realMember(member);
      if (!(agentTypes as readonly number[]).includes(member.type)) throw new AppError('error_not_agent');
      const amount = amountOf(body.amount);
      const target = await members.byAccount(merchant.id, body.username);
      const depth =
        target && target.type !== TRIAL_TYPE ? await members.downlineDepth(member.id, target.id) : null;
      if (!target || depth === null) throw new AppError('transfer_not_in_downline', 'username');
      await members.verifyPaymentPassword(member, body.paymentPassword);
      return transferBetween(merchant, member, target, 'downline', amount, body.requestId);
    },

    // ---------------------------------------------------------------------------------------------------------
    // Account record (issue item 6)

    async transactionHistory(
      merchant: Merchant,
      member: SignedInMember,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        types?: EntryType[] | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      realMember(member);
      const filters: { from?: Date; to?: Date; types?: EntryType[] } = {};
      if (query.from) filters.from = new Date(query.from);
      if (query.to) filters.to = new Date(query.to);
      if (filters.from && filters.to && filters.from > filters.to)
        throw new AppError('validation_failed', 'from');
      if (query.types) filters.types = query.types;
      return wallet.statement(await mainAccount(merchant, member.id), filters, {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
    },

    // ---------------------------------------------------------------------------------------------------------
    // Back office: balances, ledger explorer, adjustments, reconciliation (issue item 7)

    async memberBalances(query: {
      merchantCode?: string | undefined;
      q?: string | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      const page = await members.list({
        merchantCode: query.merchantCode,
        q: query.q,
        realOnly: true,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      const ids = page.list.map((m) => m.id);
      const accounts = await wallet.memberAccounts(ids);
      const held =
        ids.length === 0
          ? []
          : await t(db)
              .selectFrom('withdrawals')
              .select(['member_id', sql<number>`sum(amount - refunded_amount)`.as('held')])
              .where('member_id', 'in', ids)
              .where('status', 'in', ['pending', 'awaiting_second_approval', 'approved'])
              .groupBy('member_id')
              .execute();
      const sum = (memberId: number, kind: 'member_main' | 'member_vendor') =>
        accounts
          .filter((a) => a.memberId === memberId && a.kind === kind)
          .reduce((total, a) => total + a.balance, 0);
      return {
        list: page.list.map((m) => ({
          memberId: m.id,
          merchantCode: m.merchantCode,
          username: m.account,
          nickname: m.nickname,
          type: m.type,
          mainBalance: sum(m.id, 'member_main'),
          vendorBalance: sum(m.id, 'member_vendor'),
          heldWithdrawals: Number(held.find((h) => h.member_id === m.id)?.held ?? 0),
        })),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total: page.total,
        totalPages: page.totalPages,
      };
    },

    async memberLedger(
      memberId: number,
      query: {
        from?: string | undefined;
        to?: string | undefined;
        types?: EntryType[] | undefined;
        accountId?: number | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const member = await members.byId(memberId);
      const merchant = member && (await merchants.list()).find((m) => m.id === member.merchant_id);
      if (!member || !merchant) throw new AppError('not_found');
      if (member.type !== TRIAL_TYPE) await mainAccount(merchant, member.id);
      const accounts = await wallet.memberAccounts(member.id);
      const main = accounts.find((a) => a.kind === 'member_main');
      const accountId = query.accountId ?? main?.id;
      if (query.accountId && !accounts.some((a) => a.id === query.accountId))
        throw new AppError('account_not_found', 'accountId');
      const filters: { from?: Date; to?: Date; types?: EntryType[] } = {};
      if (query.from) filters.from = new Date(query.from);
      if (query.to) filters.to = new Date(query.to);
      if (query.types) filters.types = query.types;
      const statement = accountId
        ? await wallet.statement(accountId, filters, { pageNo: query.pageNo, pageSize: query.pageSize })
        : { list: [], pageNo: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
      const balances = (
        await this.memberBalances({
          merchantCode: merchant.code,
          q: member.username,
          pageNo: 1,
          pageSize: 50,
        })
      ).list;
      const summary = balances.find((b) => b.memberId === member.id) ?? {
        memberId: member.id,
        merchantCode: merchant.code,
        username: member.username,
        nickname: member.nickname,
        type: member.type,
        mainBalance: 0,
        vendorBalance: 0,
        heldWithdrawals: 0,
      };
      return {
        member: summary,
        accounts: accounts.map((a) => ({
          accountId: a.id,
          kind: a.kind,
          vendorCode: a.vendorCode,
          balance: a.balance,
        })),
        statement,
      };
    },

    async requestAdjustment(
      actor: Actor,
      body: { memberId: number; direction: 'credit' | 'debit'; amount: unknown; reason: string },
    ) {
      const member = await members.byId(body.memberId);
      if (!member) throw new AppError('not_found', 'memberId');
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account', 'memberId');
      const size = amountOf(body.amount);
      const amount = body.direction === 'credit' ? size : -size;
      const s = await settingsOf(member.merchant_id);
      const requiresSecond = size > s.adjustmentSecondApprovalAbove;
      const accounts = {
        member: await wallet.memberAccount(member.merchant_id, member.id),
        house: await wallet.houseAccount(member.merchant_id, 'house_adjustment'),
      };
      const id = await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .insertInto('balance_adjustments')
          .values({
            merchant_id: member.merchant_id,
            member_id: member.id,
            amount,
            reason: body.reason,
            requires_second: requiresSecond,
            requested_by: actor.id,
            requested_by_name: actor.name,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: member.merchant_id,
          action: 'payments.adjustment.request',
          target: `member:${member.id}`,
          after: { adjustmentId: row.id, amount, reason: body.reason, requiresSecond },
          ip: actor.ip,
        });
        if (!requiresSecond) {
          const entryId = await postAdjustment(trx, row, actor, accounts);
          await t(trx)
            .updateTable('balance_adjustments')
            .set({
              status: 'approved',
              ledger_entry_id: entryId,
              decided_by: actor.id,
              decided_by_name: actor.name,
              decided_at: sql<Date>`now()`,
            })
            .where('id', '=', row.id)
            .execute();
        }
        return row.id;
      });
      return adjustmentOf(id);
    },

    async decideAdjustment(actor: Actor, id: number, approve: boolean) {
      const found = await t(db)
        .selectFrom('balance_adjustments')
        .select(['merchant_id', 'member_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) throw new AppError('not_found');
      const accounts = {
        member: await wallet.memberAccount(found.merchant_id, found.member_id),
        house: await wallet.houseAccount(found.merchant_id, 'house_adjustment'),
      };
      await db.transaction().execute(async (trx) => {
        const row = await t(trx)
          .selectFrom('balance_adjustments')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (row.status !== 'pending') throw new AppError('payment_state_invalid');
        if (row.requested_by === actor.id) throw new AppError('same_operator_approval');
        let entryId: number | null = null;
        if (approve) entryId = await postAdjustment(trx, row, actor, accounts);
        await t(trx)
          .updateTable('balance_adjustments')
          .set({
            status: approve ? 'approved' : 'rejected',
            ledger_entry_id: entryId,
            decided_by: actor.id,
            decided_by_name: actor.name,
            decided_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .execute();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: approve ? 'payments.adjustment.approve' : 'payments.adjustment.reject',
          target: `member:${row.member_id}`,
          after: { adjustmentId: id, amount: row.amount, entryId },
          ip: actor.ip,
        });
      });
      return adjustmentOf(id);
    },

    async adjustments(query: {
      merchantCode?: string | undefined;
      status?: string | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      return adjustmentPage(query);
    },

    async reconciliation(merchantCode: string | undefined) {
      const merchantId = merchantCode ? (await merchants.byCode(merchantCode)).id : null;
      return wallet.reconcile(merchantId);
    },
  };

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
}

export type PaymentsService = ReturnType<typeof paymentsService>;
export type { ErrorCode };
