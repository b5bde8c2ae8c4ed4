import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Every minute: pending deposits past their time expire, and paid withdrawals nobody confirmed within the merchant's
 * window count as received. Reads do the same for the rows they show, so this only keeps idle rows current.
 */
export async function registerPaymentJobs(jobs: JobQueue, payments: PaymentsService) {
  // Expires before the next tick, which does the same work: a tick held by a killed process is simply dropped.
  await jobs.register('payments-sweep', () => payments.sweep(), {
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 50,
  });
}
