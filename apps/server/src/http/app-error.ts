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
