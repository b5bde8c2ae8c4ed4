import { z } from 'zod';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';
import { entryType, moneyDisplayFields, statementLine } from './wallet.ts';

/*
 * Payments (docs/decisions/021-payments.md): deposits by bank transfer or through a payment gateway, withdrawals
 * to the member's bank cards, transfers to the upline and to the downline, transfer wallets of vendors, manual
 * adjustments, and the back office's queues. Every amount is an integer of the currency's minor unit.
 *
 * Amounts in requests are read with `checkAmount` of ./wallet.ts on the server (not by the schema), so that each
 * bad amount gets its own error code: not a number, zero, negative, fractional, over or under a limit.
 */
export const amountInput = z
  .unknown()
  .meta({ description: 'Minor units: an integer, or a string of digits', examples: [10000] });

const text = (max: number) => z.string().trim().min(1).max(max);
/** A client-chosen key that makes a money request safe to retry. */
const requestId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
/** The payment password: 6 to 32 characters. */
export const paymentPassword = z.string().min(6).max(32);

// ---------------------------------------------------------------------------------------------------------------
// Settings per merchant

export const bankAccount = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,32}$/),
  bankName: text(60),
  accountName: text(80),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{4,40}$/),
});
export type BankAccount = z.infer<typeof bankAccount>;

const limits = z.object({ minAmount: z.number().int().min(1), maxAmount: z.number().int().min(1) });

export const paymentSettings = z
  .object({
    deposit: z.object({
      bank: limits.extend({ enabled: z.boolean(), accounts: z.array(bankAccount).max(10) }),
      gateway: limits.extend({ enabled: z.boolean(), gatewayCode: z.string().regex(/^[A-Z0-9_]{2,32}$/) }),
      /** A pending deposit that nobody approved within this many minutes expires. */
      expiryMinutes: z
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 60),
    }),
    withdrawal: limits.extend({
      /** The most a member may withdraw in one day of the merchant's time zone (requests not rejected). */
      dailyMaxAmount: z.number().int().min(1),
      /** A paid withdrawal the member has not confirmed within this many minutes counts as received. */
      autoReceiveMinutes: z
        .number()
        .int()
        .min(1)
        .max(30 * 24 * 60),
      /** Above this amount a second operator must approve too. */
      secondApprovalAbove: z.number().int().min(0),
    }),
    /** Manual adjustments above this size need a second operator (every adjustment does at 0). */
    adjustmentSecondApprovalAbove: z.number().int().min(0),
  })
  .refine((s) => s.deposit.bank.minAmount <= s.deposit.bank.maxAmount, {
    path: ['deposit', 'bank', 'minAmount'],
  })
  .refine((s) => s.deposit.gateway.minAmount <= s.deposit.gateway.maxAmount, {
    path: ['deposit', 'gateway', 'minAmount'],
  })
  .refine((s) => s.withdrawal.minAmount <= s.withdrawal.maxAmount, { path: ['withdrawal', 'minAmount'] })
  .refine((s) => s.withdrawal.maxAmount <= s.withdrawal.dailyMaxAmount, {
    path: ['withdrawal', 'maxAmount'],
  });
export type PaymentSettings = z.infer<typeof paymentSettings>;

/** The settings a merchant starts with until an owner saves its own (amounts at two decimals: 10000 is P100). */
export function defaultPaymentSettings(): PaymentSettings {
  return {
    deposit: {
      bank: {
        enabled: true,
        minAmount: 10_000,
        maxAmount: 5_000_000,
        accounts: [
          {
            id: 'bdo-main',
            bankName: 'BDO Unibank',
            accountName: 'Tala Gaming Collections Inc.',
            accountNumber: '0012 3456 7890',
          },
        ],
      },
      gateway: { enabled: true, gatewayCode: 'SANDBOXPAY', minAmount: 10_000, maxAmount: 2_000_000 },
      expiryMinutes: 60,
    },
    withdrawal: {
      minAmount: 10_000,
      maxAmount: 5_000_000,
      dailyMaxAmount: 10_000_000,
      autoReceiveMinutes: 30,
      secondApprovalAbove: 1_000_000,
    },
    adjustmentSecondApprovalAbove: 0,
  };
}
export const paymentSettingsResponse = envelope(paymentSettings);

/**
 * A merchant's account at a payment gateway as the back office sees it (owner and finance only): the secret itself
 * is never sent back, only its last four characters.
 */
export const gatewayCredential = z.object({
  gatewayCode: z.string(),
  merchantNo: z.string(),
  /** The gateway's API address; null for the in-repo sandbox, which the server finds itself. */
  apiUrl: z.string().nullable(),
  secretHint: z.string(),
  updatedAt: z.string(),
});
export type GatewayCredential = z.infer<typeof gatewayCredential>;
export const gatewayCredentialListResponse = envelope(z.array(gatewayCredential));
export const gatewayCredentialResponse = envelope(gatewayCredential);
/** Sets a merchant's gateway account; the secret is write-only and may be left out to keep the stored one. */
export const gatewayCredentialBody = z.strictObject({
  gatewayCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  merchantNo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,64}$/),
  apiUrl: z
    .url({ protocol: /^https?$/ })
    .max(300)
    .nullable(),
  secret: z.string().min(32).max(200).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Wallets (issue item 2)

/** GET /wps/relay/GCS_merchantWallet: single wallet when no vendor of the merchant uses a transfer wallet. */
export const merchantWallet = z.object({
  isSingle: z.boolean(),
  transferVendors: z.array(z.object({ vendorCode: z.string(), displayName: z.string() })),
});
export const merchantWalletResponse = envelope(merchantWallet);

/** GET /wps/member/info/funds/consolidated: the member's money in one place. */
export const consolidatedFunds = z.object({
  sumBalance: z.number().int(),
  mainBalance: z.number().int(),
  vendorWallets: z.array(
    z.object({ vendorCode: z.string(), displayName: z.string(), balance: z.number().int() }),
  ),
  /** Held for withdrawals not yet paid or rejected. */
  pendingWithdrawals: z.number().int(),
  pendingDeposits: z.number().int(),
  ...moneyDisplayFields,
  /** The contract flags of §3 (1: the agent centre shows that contract's page). */
  divtypereq: z.number().int(),
  dailysalreqtype: z.number().int(),
  contracthoursalreq: z.number().int(),
  realtimesalreqtype: z.number().int(),
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFunds>;
export const consolidatedFundsResponse = envelope(consolidatedFunds);

/** POST /wps/relay/GCS_walletTransfer: into a vendor's transfer wallet (in) or back to the main wallet (out). */
export const walletTransferBody = z.object({
  vendorCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  direction: z.enum(['in', 'out']),
  amount: amountInput,
  requestId,
});
export const walletTransferResponse = envelope(
  z.object({ entryId: z.number().int(), mainBalance: z.number().int(), vendorBalance: z.number().int() }),
);

// ---------------------------------------------------------------------------------------------------------------
// Deposits (issue item 3)

export const depositStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export const depositStatus = z.enum(depositStatuses);
export type DepositStatus = z.infer<typeof depositStatus>;
export const depositChannel = z.enum(['bank', 'gateway']);

export const depositChannels = z.object({
  bank: z.object({
    enabled: z.boolean(),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
    accounts: z.array(bankAccount),
  }),
  gateway: z.object({
    enabled: z.boolean(),
    /** False when the gateway is switched on but not reachable (no credentials or address). */
    available: z.boolean(),
    gatewayCode: z.string(),
    minAmount: z.number().int(),
    maxAmount: z.number().int(),
  }),
  expiryMinutes: z.number().int(),
});
export const depositChannelsResponse = envelope(depositChannels);

export const deposit = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  channel: depositChannel,
  amount: z.number().int(),
  status: depositStatus,
  reference: z.string().nullable(),
  bankAccount: bankAccount.nullable(),
  payerName: z.string().nullable(),
  proofCount: z.number().int(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositResponse = envelope(deposit);
export const depositPageResponse = envelope(pageOf(deposit));
export const depositListQuery = pageQuery.extend({ status: depositStatus.optional() });

/**
 * POST /wps/relay/depositv2_bank (multipart form: amount, bankAccountId, payerName, reference, requestId, and up to
 * 3 proof images in `proof`). The JSON shape of the text fields:
 */
export const bankDepositFields = z.object({
  amount: amountInput,
  bankAccountId: z.string().regex(/^[a-z0-9-]{1,32}$/),
  payerName: text(80),
  reference: z.string().trim().max(60).optional(),
  requestId,
});

/** POST /wps/relay/depositv2_gateway: starts a payment at the gateway; the site opens `payUrl`. */
export const gatewayDepositBody = z.object({
  amount: amountInput,
  /** Where the gateway sends the member back: a path of this site. */
  returnPath: z
    .string()
    .regex(/^\/(?!\/)[\w\-./?=&%]*$/)
    .max(200)
    .optional(),
  requestId,
});
export const gatewayDepositResponse = envelope(deposit.extend({ payUrl: z.string() }));

/** The gateway's notification (POST /vendor-api/payments/:gatewayCode/notify), signed as the vendor calls are. */
export const gatewayNotification = z.object({
  merchantNo: z.string().min(1).max(64),
  orderNo: z.string().min(1).max(64),
  gatewayTxnId: z.string().min(1).max(64),
  amount: z.number().int().positive(),
  status: z.enum(['paid', 'failed']),
});
export type GatewayNotification = z.infer<typeof gatewayNotification>;
export const gatewayNotifyResponse = envelope(
  z.object({ orderNo: z.string(), status: depositStatus, credited: z.boolean() }),
);

// ---------------------------------------------------------------------------------------------------------------
// Bank cards and the payment password (issue item 4)

export const bankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Only the last four digits leave the server. */
  accountMasked: z.string(),
  payeeName: z.string(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof bankCard>;
export const bankCardListResponse = envelope(z.array(bankCard));
export const bankCardBody = z.object({
  bankName: text(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9]{6,30}$/),
  payeeName: text(80),
  paymentPassword,
});
export const bankCardResponse = envelope(bankCard);
export const bankCardParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const removeBankCardBody = z.object({ paymentPassword });

export const paymentPasswordStatusResponse = envelope(z.object({ isSet: z.boolean() }));
/** Sets (or changes) the payment password; the login password proves it is the member. */
export const setPaymentPasswordBody = z.object({
  loginPassword: z.string().min(1).max(128),
  paymentPassword,
});

// ---------------------------------------------------------------------------------------------------------------
// Withdrawals (issue item 4)

export const withdrawalStatuses = [
  'pending',
  'awaiting_second_approval',
  'approved',
  'rejected',
  'paid',
  'completed',
  'disputed',
] as const;
export const withdrawalStatus = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
export const receiptStates = ['received', 'partly_received', 'not_received', 'auto_received'] as const;
export const receiptState = z.enum(receiptStates);

export const withdrawal = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  amount: z.number().int(),
  status: withdrawalStatus,
  bankCard: bankCard,
  requiresSecondApproval: z.boolean(),
  /** What was sent: the whole amount, or less (the rest went back to the wallet). */
  paidAmount: z.number().int().nullable(),
  payout: z.enum(['full', 'partial']).nullable(),
  receipt: receiptState.nullable(),
  receivedAmount: z.number().int().nullable(),
  proofCount: z.number().int(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Until when the member may confirm; afterwards the payout counts as received. */
  confirmBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalResponse = envelope(withdrawal);
export const withdrawalPageResponse = envelope(pageOf(withdrawal));
export const withdrawalListQuery = pageQuery.extend({ status: withdrawalStatus.optional() });

export const withdrawalLimits = z.object({
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  dailyMaxAmount: z.number().int(),
  /** Already asked for today (not rejected). */
  usedToday: z.number().int(),
  autoReceiveMinutes: z.number().int(),
  balance: z.number().int(),
  /** Bonus money (and the deposit that earned it) held back until its turnover is met (issue 13). */
  bonusHeld: z.number().int(),
  paymentPasswordSet: z.boolean(),
});
export const withdrawalLimitsResponse = envelope(withdrawalLimits);

export const withdrawBody = z.object({
  amount: amountInput,
  bankCardId: z.number().int().min(1).max(2_147_483_647),
  paymentPassword,
  requestId,
});

/**
 * POST /wps/relay/withdraw_confirm (multipart: withdrawalId, receipt, receivedAmount for partly_received, and for
 * not_received 1 to 3 proof images in `proof`, png or jpg of at most 5 MB each).
 */
export const confirmReceiptFields = z.object({
  withdrawalId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  receipt: z.enum(['received', 'partly_received', 'not_received']),
  receivedAmount: amountInput,
});
export const PROOF_MAX_FILES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Transfers (issue item 5)

export const transferBody = z.object({
  amount: amountInput,
  paymentPassword,
  requestId,
});
export const transferDownlineBody = transferBody.extend({
  /** The downline member's account name. */
  username: z.string().trim().toLowerCase().min(1).max(64),
});
export const transferResult = z.object({
  entryId: z.number().int(),
  amount: z.number().int(),
  toUsername: z.string(),
  balance: z.number().int(),
});
export const transferResultResponse = envelope(transferResult);
export const uplineResponse = envelope(
  z.object({ username: z.string().nullable(), nickname: z.string().nullable() }),
);
export const downlineQuery = z.object({ q: z.string().trim().toLowerCase().max(64).optional() });
export const downlineResponse = envelope(
  z.array(z.object({ username: z.string(), nickname: z.string().nullable(), level: z.number().int() })),
);

// ---------------------------------------------------------------------------------------------------------------
// Account record (issue item 6)

export const transactionHistoryQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Comma-separated entry types, e.g. `deposit,withdrawal`. */
  types: z
    .string()
    .max(300)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parsed = z.array(entryType).safeParse(value.split(',').filter(Boolean));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'types' });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export const transactionHistoryPage = pageOf(statementLine);
export const transactionHistoryResponse = envelope(transactionHistoryPage);

// ---------------------------------------------------------------------------------------------------------------
// Back office (issue item 7)

export const adminMerchantQuery = z.object({ merchantCode: merchantListFilter });
export const adminDepositQuery = depositListQuery.extend({
  merchantCode: merchantListFilter,
  channel: depositChannel.optional(),
  q: z.string().trim().max(64).optional(),
});
export const adminDeposit = deposit.extend({
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  decidedBy: z.string().nullable(),
  gatewayTxnId: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;
export const adminDepositPageResponse = envelope(pageOf(adminDeposit));
export const adminDepositResponse = envelope(adminDeposit);
export const adminWithdrawalQuery = withdrawalListQuery.extend({
  merchantCode: merchantListFilter,
  q: z.string().trim().max(64).optional(),
});
export const adminWithdrawal = withdrawal.extend({
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  /** The full account number: operators pay into it. */
  accountNumber: z.string(),
  approvedBy: z.array(z.string()),
  paidBy: z.string().nullable(),
});
export const adminWithdrawalPageResponse = envelope(pageOf(adminWithdrawal));
export const adminWithdrawalResponse = envelope(adminWithdrawal);
export const idParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const rejectBody = z.object({ reason: text(500) });
export const markPaidBody = z.object({ paidAmount: amountInput });
export const resolveDisputeBody = z.object({ refundAmount: amountInput.optional(), note: text(500) });

export const adjustmentStatus = z.enum(['pending', 'approved', 'rejected']);
export const adjustment = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  /** Positive credits the member, negative debits. */
  amount: z.number().int(),
  reason: z.string(),
  status: adjustmentStatus,
  requiresSecondApproval: z.boolean(),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  entryId: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;
export const adjustmentBody = z.object({
  memberId: z.number().int().min(1).max(2_147_483_647),
  direction: z.enum(['credit', 'debit']),
  amount: amountInput,
  reason: text(500),
});
export const adjustmentResponse = envelope(adjustment);
export const adjustmentQuery = pageQuery.extend({
  merchantCode: merchantListFilter,
  status: adjustmentStatus.optional(),
});
export const adjustmentPageResponse = envelope(pageOf(adjustment));

export const memberBalanceQuery = pageQuery.extend({
  merchantCode: merchantListFilter,
  q: z.string().trim().max(64).optional(),
});
export const memberBalance = z.object({
  memberId: z.number().int(),
  merchantCode: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  mainBalance: z.number().int(),
  vendorBalance: z.number().int(),
  heldWithdrawals: z.number().int(),
});
export const memberBalancePageResponse = envelope(pageOf(memberBalance));

export const memberLedgerQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  types: transactionHistoryQuery.shape.types,
  accountId: z.coerce.number().int().min(1).optional(),
});
export const memberLedger = z.object({
  member: memberBalance,
  accounts: z.array(
    z.object({
      accountId: z.number().int(),
      kind: z.string(),
      vendorCode: z.string().nullable(),
      balance: z.number().int(),
    }),
  ),
  statement: transactionHistoryPage,
});
export const memberLedgerResponse = envelope(memberLedger);
