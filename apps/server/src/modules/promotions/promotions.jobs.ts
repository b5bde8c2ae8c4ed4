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
    // Expires before the next tick, ten minutes on.
    expireInSeconds: 570,
  });
  // Every five minutes: friends who qualified for a referral reward are decided once and paid once (and rewards
  // that waited for an active bonus or for budget are tried again; docs/decisions/038-referral.md).
  await jobs.register('promotions-referrals', () => promotions.referrals.runAll(), {
    cron: '*/5 * * * *',
    retryLimit: 2,
    expireInSeconds: 270,
  });
}
