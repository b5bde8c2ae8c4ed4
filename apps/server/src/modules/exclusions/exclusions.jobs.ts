import type { JobQueue } from '../../jobs/job-queue.ts';
import type { ExclusionsService } from './exclusions.service.ts';

/** Every two minutes: the effects of a break that did not finish when it was taken (a process died in between). */
export async function registerExclusionJobs(jobs: JobQueue, exclusions: ExclusionsService) {
  await jobs.register('exclusions-effects', () => exclusions.runPendingEffects(), {
    cron: '*/2 * * * *',
    retryLimit: 2,
    // Expires before the next tick, two minutes on.
    expireInSeconds: 110,
  });
}
