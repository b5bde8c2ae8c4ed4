import type { JobQueue } from '../../jobs/job-queue.ts';
import type { AgentsService } from './agents.service.ts';
import { ROLLUP_BACK_DAYS } from './team-rollup.ts';

/**
 * Every five minutes: each merchant's closed contract periods not settled yet (real-time salary every five minutes,
 * hourly salary every hour, daily salary on the merchant's cadence, dividends per period). A run settles a
 * (kind, period) once, whatever process picks it up (decisions/033-agent-contracts.md). Every minute and every hour:
 * the team rollups.
 */
export async function registerAgentJobs(jobs: JobQueue, agents: AgentsService) {
  // Expires before the next tick (every five minutes); a run that holds it longer is taken as stuck and retried, the
  // periods it settled staying settled.
  await jobs.register('agents-settle', () => agents.settleAll(), {
    cron: '*/5 * * * *',
    retryLimit: 2,
    expireInSeconds: 270,
  });
  // The team rollups behind the agent centre's overview (decision 068): today and yesterday every minute, the days
  // before (bets settled late, moves' effects on them) every hour. A run rolls whole days up again, so a repeated or
  // overlapping run leaves the same rows.
  await jobs.register('agents-rollup', () => agents.rollTeams({ newest: 0, oldest: 1 }), {
    cron: '* * * * *',
    retryLimit: 1,
    expireInSeconds: 55,
  });
  await jobs.register('agents-rollup-back', () => agents.rollTeams({ newest: 2, oldest: ROLLUP_BACK_DAYS }), {
    cron: '37 * * * *',
    retryLimit: 2,
    expireInSeconds: 3000,
  });
}
