import { AppError } from '../../http/app-error.ts';

/** The error code a promise is refused with; fails when it resolves. */
export async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}
