import type { JobQueue } from '../../jobs/job-queue.ts';
import type { PromotionsService } from './promotions.service.ts';

/**
 * Every ten minutes: each merchant's closed rebate periods not paid yet. A period is computed once and each member
 * paid once, whatever process picks it up (docs/decisions/034-promotions.md, "Rebates").
 */
export async function registerPromotionJobs(jobs: JobQueue, promotions: PromotionsService) {
  await jobs.register('promotions-rebates', () => promotions.rebates.runAll(), {
    cron: '*/10 * * * *',
    retryLimit: 2,
  });
}
