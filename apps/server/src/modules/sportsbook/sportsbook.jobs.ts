import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SportsbookService } from './sportsbook.service.ts';

/**
 * The sportsbook's queued work (decision 058): an in-play bet's decision is queued at the end of its delay (one job
 * per bet, by key), and every minute any pending bet whose delay is over is decided too (after a restart, or a job
 * lost). A bet is decided once by its own row (only a pending bet is), never by the queue.
 */
export async function registerSportsbookJobs(jobs: JobQueue, sportsbook: SportsbookService) {
  sportsbook.connectQueue(async (betId, at) => {
    await jobs.send('sportsbook-resolve', { betId }, { key: `resolve:${betId}`, startAfter: at });
  });
  await jobs.register<{ betId: number }>(
    'sportsbook-resolve',
    async ({ betId }) => void (await sportsbook.resolve(betId)),
    { pollingSeconds: 0.5, retryLimit: 10, expireInSeconds: 5 * 60 },
  );
  await jobs.register('sportsbook-resolve-due', async () => void (await sportsbook.resolveDue()), {
    cron: '* * * * *',
    retryLimit: 1,
    // Every minute: expires before the next tick (a killed process's tick is retried, not left active 15 minutes).
    expireInSeconds: 50,
  });
}
