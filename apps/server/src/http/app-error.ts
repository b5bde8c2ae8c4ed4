import { type ErrorCode, errorStatus } from '@tala/contracts/errors';

/** A refusal the client can act on: an error code of the contract, the field at fault, and message parameters. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
    /** Extra fields for the error envelope, e.g. the current balance with insufficient_funds. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.status = errorStatus[code];
  }
}

/**
 * Refuses a settings amount with a fraction of the currency's minor unit (an operator's "1.255" pesos sent as
 * 125.5) with amount_too_precise, the code every amount of issue 19 answers with, before the setting's own checks.
 */
export function refuseFraction(field: string, ...amounts: readonly number[]) {
  if (amounts.some((amount) => Number.isFinite(amount) && !Number.isInteger(amount)))
    throw new AppError('amount_too_precise', field);
}
