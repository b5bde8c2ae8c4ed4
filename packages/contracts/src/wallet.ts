import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import type { ErrorCode } from './errors.ts';

/** Kinds of ledger account: a member's wallets, and the house's accounts that the other side of a movement uses. */
export const memberAccountKinds = ['member_main', 'member_vendor'] as const;
export const houseAccountKinds = [
  'house_deposit_clearing',
  'house_withdrawal_clearing',
  'house_vendor',
  'house_promotion_expense',
  'house_agent_commission_expense',
  'house_adjustment',
  'house_trial',
] as const;
export const accountKinds = [...memberAccountKinds, ...houseAccountKinds] as const;
export const accountKind = z.enum(accountKinds);
export type AccountKind = z.infer<typeof accountKind>;
export type MemberAccountKind = (typeof memberAccountKinds)[number];
export type HouseAccountKind = (typeof houseAccountKinds)[number];

/** What a ledger entry records; the account record and reports group by it. */
export const entryTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'transfer',
  'vendor_transfer',
  'bet',
  'payout',
  'bet_refund',
  /** A share of a settled bet's stake given back (the in-house lottery's rebate per prize mode, decision 042). */
  'rebate',
  'promotion',
  'commission',
  'adjustment',
  'trial_grant',
  'reversal',
] as const;
export const entryType = z.enum(entryTypes);
export type EntryType = z.infer<typeof entryType>;

/** Who moved the money: recorded on every entry; operator movements also land in the audit log. */
export const actorTypes = ['operator', 'member', 'system', 'vendor'] as const;
export type LedgerActor = {
  type: (typeof actorTypes)[number];
  id?: number | null;
  /** For the audit log (operator movements). */
  name?: string | null;
  ip?: string | null;
};

/**
 * The largest amount of one posting, in minor units (10^13: a hundred billion at two decimals). Balances stay
 * within ±(2^53 − 1), so that every amount is an exact JavaScript number.
 */
export const maxPostingAmount = 10_000_000_000_000;
export const maxBalance = Number.MAX_SAFE_INTEGER;

/** A client-chosen key that makes a money request safe to retry: printable ASCII, no spaces. */
export const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,200}$/);

export type AmountErrorCode = Extract<
  ErrorCode,
  | 'amount_not_a_number'
  | 'amount_zero'
  | 'amount_negative'
  | 'amount_too_precise'
  | 'amount_over_limit'
  | 'amount_below_minimum'
>;

export type AmountCheck = { ok: true; amount: number } | { ok: false; code: AmountErrorCode };

/**
 * Reads an amount of minor units from a request (an integer, or a string of digits) and checks it against the
 * limits. Each refusal has its own code: not a number, zero, negative (unless `signed`), fractional below the
 * currency's unit, over the maximum, under the minimum.
 */
export function checkAmount(
  value: unknown,
  limits: { min?: number; max?: number; signed?: boolean } = {},
): AmountCheck {
  let units: bigint;
  let fraction: boolean;
  let negative: boolean;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, code: 'amount_not_a_number' };
    fraction = !Number.isInteger(value);
    units = BigInt(Math.trunc(value));
    negative = value < 0;
  } else if (typeof value === 'string') {
    const match = /^\s*([+-]?)(\d+)(?:\.(\d+))?\s*$/.exec(value);
    if (!match) return { ok: false, code: 'amount_not_a_number' };
    const [, sign, whole, decimals] = match;
    fraction = decimals !== undefined && /[1-9]/.test(decimals);
    units = BigInt(whole as string) * (sign === '-' ? -1n : 1n);
    negative = sign === '-' && (units !== 0n || fraction);
  } else {
    return { ok: false, code: 'amount_not_a_number' };
  }
  if (units === 0n && !fraction) return { ok: false, code: 'amount_zero' };
  if (negative && !limits.signed) return { ok: false, code: 'amount_negative' };
  if (fraction) return { ok: false, code: 'amount_too_precise' };
  const size = units < 0n ? -units : units;
  if (size > BigInt(Math.min(limits.max ?? maxPostingAmount, maxPostingAmount))) {
    return { ok: false, code: 'amount_over_limit' };
  }
  if (limits.min !== undefined && size < BigInt(limits.min))
    return { ok: false, code: 'amount_below_minimum' };
  return { ok: true, amount: Number(units) };
}

/** One line of an account's statement (the account record of the member centre, a house account's report). */
export const statementLine = z.object({
  entryId: z.number().int(),
  line: z.number().int(),
  type: z.string(),
  amount: z.number().int(),
  /** The balance after this line; null for house accounts, whose balance is spread over shards. */
  balanceAfter: z.number().int().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
  reversesEntryId: z.number().int().nullable(),
  reversedByEntryId: z.number().int().nullable(),
  /**
   * The product of the play a line belongs to (LOTT for the in-house lottery's bets, payouts, rebates and refunds);
   * absent or null for movements of no game.
   */
  product: z.string().nullable().optional(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementQuery = pageQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  types: z.array(entryType).max(entryTypes.length).optional(),
});
export type StatementQuery = z.infer<typeof statementQuery>;
export const statementPage = pageOf(statementLine);
export type StatementPage = z.infer<typeof statementPage>;

/** The reconciliation report: the ledger's invariants checked from the postings up. */
export const reconciliation = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  postings: z.number().int(),
  /** Entries whose postings do not sum to zero or have fewer than two lines (must be empty). */
  unbalancedEntries: z.array(z.number().int()),
  /** Balance rows that differ from the sum of their postings (must be empty). */
  projectionMismatches: z.array(
    z.object({
      accountId: z.number().int(),
      shard: z.number().int(),
      balance: z.number().int(),
      postings: z.number().int(),
    }),
  ),
  /** Member balances below zero (must be empty). */
  negativeMemberBalances: z.array(z.number().int()),
  /**
   * The totals of each currency, never added across currencies (a platform report spans merchants that trade in
   * different ones): the sum of its balances (zero in a sound ledger), its members' accounts and each house total.
   */
  currencies: z.array(
    z.object({
      currency: z.string(),
      total: z.number().int(),
      members: z.object({ accounts: z.number().int(), balance: z.number().int() }),
      house: z.array(
        z.object({
          kind: accountKind,
          vendorCode: z.string().nullable(),
          trial: z.boolean(),
          balance: z.number().int(),
        }),
      ),
    }),
  ),
});
export type Reconciliation = z.infer<typeof reconciliation>;

/**
 * How a merchant's amounts look (money-format.ts moneyDisplay, decision 061), sent with balances so that a client
 * formats with formatMoney without another call.
 */
export const moneyDisplayFields = {
  currency: z.string(),
  currencySymbol: z.string(),
  currencyExponent: z.number().int(),
  displayDecimals: z.number().int(),
  symbolPosition: z.enum(['prefix', 'suffix']),
  currencyRegion: z.string(),
};

/**
 * GET /wps/v2/wallets/balance (spec §3 "Balance: sumBalance and currency symbol"): the signed-in member's main
 * wallet in minor units; a trial member's demo balance. `currencyExponent` says how many decimals to show.
 */
export const walletBalance = z
  .object({
    sumBalance: z.number().int(),
    ...moneyDisplayFields,
    trial: z.boolean(),
  })
  .meta({ id: 'WalletBalance' });
export type WalletBalance = z.infer<typeof walletBalance>;
export const walletBalanceResponse = envelope(walletBalance);
