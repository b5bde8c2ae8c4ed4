import { afterAll } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';

/**
 * testApp() for the wallet's tests. These open many pooled connections at once; the pool's end() resolves before
 * their sockets have closed, and the database's DROP ... WITH (FORCE) would then kill them mid-close and surface
 * as uncaught errors. Closing the pool first and letting the sockets finish avoids that race.
 */
export async function walletTestApp() {
  const built = await testApp();
  afterAll(async () => {
    await built.services.db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  return built;
}

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
