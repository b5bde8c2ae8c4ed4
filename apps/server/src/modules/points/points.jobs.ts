import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PointsService } from './points.service.ts';

/**
 * Every five minutes: points for the valid bets and credited deposits since each merchant's watermark. A run is safe
 * twice over: each batch's entry key is its window, and the watermark moves in the same transaction.
 */
export async function registerPointsJobs(jobs: JobQueue, points: PointsService) {
  // Expires before the next tick (every five minutes), which accrues from the same watermark.
  await jobs.register('points-accrual', () => points.accrueAll(), {
    cron: '*/5 * * * *',
    retryLimit: 0,
    expireInSeconds: 270,
  });
}
