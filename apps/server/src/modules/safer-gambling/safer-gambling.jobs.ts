import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SaferGamblingService } from './safer-gambling.service.ts';

/**
 * The signal rules run every night at 03:30 UTC over every merchant (decisions/049): a flag opens when a rule first
 * holds, is refreshed while it holds and clears when it no longer does. A run is whole per merchant (one transaction).
 */
export async function registerSaferGamblingJobs(jobs: JobQueue, saferGambling: SaferGamblingService) {
  await jobs.register('safer-gambling-signals', () => saferGambling.runAllSignals(new Date()), {
    cron: '30 3 * * *',
    retryLimit: 2,
    // Once a night over every merchant: long, but far shorter than its day; a stuck run is retried within the hour.
    expireInSeconds: 30 * 60,
  });
}
