// Pure helpers of the payments module: order numbers, amounts, masking, and the rows as the API shows them.
import crypto from 'node:crypto';
import type { OperatorRole } from '@tala/contracts/admin';
import type { BankCard, Deposit, GatewayCredential, Withdrawal } from '@tala/contracts/payments';
import { checkAmount } from '@tala/contracts/wallet';
import { AppError } from '../../http/app-error.ts';
import type { Actor } from '../operators/operators.service.ts';
import type { DepositsTable, WithdrawalsTable } from './payments.tables.ts';

/** The in-repo sandbox gateway (simulators/payment-gateway.ts). */
export const SANDBOX_GATEWAY = 'SANDBOXPAY';
export const MAX_BANK_CARDS = 5;

export type Selected<T> = {
  [K in keyof T]: T[K] extends import('kysely').ColumnType<infer S, unknown, unknown> ? S : T[K];
};
export type DepositRow = Selected<DepositsTable> & { proof_count?: number };
export type WithdrawalRow = Selected<WithdrawalsTable>;

export function orderNumber(prefix: 'D' | 'W') {
  const now = new Date();
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${day}${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
}

export function amountOf(
  value: unknown,
  limits: { min?: number; max?: number } = {},
  field = 'amount',
): number {
  const checked = checkAmount(value, limits);
  if (!checked.ok) {
    const params: Record<string, number> = {};
    if (limits.min !== undefined) params.min = limits.min;
    if (limits.max !== undefined) params.max = limits.max;
    throw new AppError(checked.code, field, params);
  }
  return checked.amount;
}

export function maskAccount(accountNumber: string) {
  return `**** ${accountNumber.slice(-4)}`;
}

export const iso = (date: Date | null | undefined) => (date ? new Date(date).toISOString() : null);

export function toDeposit(row: DepositRow): Deposit {
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

export type CardRow = {
  id: number;
  bank_name: string;
  account_number: string;
  payee_name: string;
  created_at: Date;
};
export function toCard(row: CardRow): BankCard {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountMasked: maskAccount(row.account_number),
    payeeName: row.payee_name,
    createdAt: iso(row.created_at) as string,
  };
}

export function toWithdrawal(
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
export function listPage<T>(list: T[], page: { pageNo: number; pageSize: number }, total: number) {
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
export const GATEWAY_SECRET_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
export function mayHandleGatewaySecrets(operator: SecretsOperator) {
  if (!GATEWAY_SECRET_ROLES.includes(operator.role)) throw new AppError('forbidden');
}

export function toGatewayCredential(row: {
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

export function normaliseName(name: string) {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
