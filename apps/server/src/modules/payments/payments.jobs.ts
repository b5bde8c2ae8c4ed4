import type { PaymentsService } from './payments.service.ts';

/**
 * Every minute: pending deposits past their time expire, and paid withdrawals nobody confirmed within the merchant's
 * window count as received. Reads do the same for the rows they show, so this only keeps idle rows current.
 */
export function startPaymentJobs(payments: PaymentsService, log: { error: (o: object, m: string) => void }) {
  const timer = setInterval(() => {
    payments.sweep().catch((error: unknown) => log.error({ err: error }, 'payments sweep failed'));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
