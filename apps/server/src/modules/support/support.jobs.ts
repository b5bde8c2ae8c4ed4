import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SupportService } from './support.service.ts';

/**
 * Every minute: scheduled platform messages whose time has come go out. A broadcast is claimed by a conditional
 * update (scheduled → sent) in the transaction that writes its recipients, so two runs never send it twice.
 */
export async function registerSupportJobs(jobs: JobQueue, support: SupportService) {
  await jobs.register('support-broadcasts', async () => void (await support.sendDueBroadcasts()), {
    cron: '* * * * *',
    retryLimit: 2,
    // Every minute: expires before the next tick (a killed process's tick is retried, not left active 15 minutes).
    expireInSeconds: 50,
  });
}
