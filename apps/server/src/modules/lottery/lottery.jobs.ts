import type { JobQueue } from '../../jobs/job-queue.ts';
import type { LotteryService } from './lottery.service.ts';

/**
 * The lottery's scheduled work (docs/decisions/039-lottery.md, "Jobs"): every minute the scheduler makes draws
 * ahead and queues each draw's job at its draw instant (one job per draw, by key); the draw job draws and settles.
 * Settlement is also queued again for any draw left unsettled or any cancelled draw with bets not yet refunded.
 * Every effect is made once by the lottery's own rows and the ledger's keys, never by the queue.
 */
export async function registerLotteryJobs(jobs: JobQueue, lottery: LotteryService) {
  lottery.connectQueue({
    async draw(drawId, at, attempt) {
      const key = attempt ? `draw:${drawId}:${attempt}` : `draw:${drawId}`;
      await jobs.send('lottery-draw', { drawId }, { key, startAfter: at });
    },
    async settle(drawId, attempt) {
      await jobs.send('lottery-settle', { drawId }, { key: `settle:${drawId}:${attempt}` });
    },
  });
  await jobs.register('lottery-schedule', () => lottery.tick(new Date()), {
    cron: '* * * * *',
    retryLimit: 1,
    // Every minute: expires before the next tick (a killed process's tick is retried, not left active 15 minutes).
    expireInSeconds: 50,
  });
  // A draw and a settlement are not ticks: they run once each, may pay many tickets, and a process that died on
  // one leaves it to the retry after its expiry (the scheduler also queues again a draw left unsettled).
  await jobs.register<{ drawId: number }>('lottery-draw', ({ drawId }) => lottery.drawAndSettle(drawId), {
    pollingSeconds: 1,
    retryLimit: 10,
    expireInSeconds: 10 * 60,
  });
  await jobs.register<{ drawId: number }>(
    'lottery-settle',
    async ({ drawId }) => void (await lottery.settle(drawId)),
    {
      pollingSeconds: 2,
      retryLimit: 5,
      expireInSeconds: 30 * 60,
    },
  );
}
