import type { JobQueue } from '../../jobs/job-queue.ts';
import type { AgentsService } from './agents.service.ts';

/**
 * Every five minutes: each merchant's closed contract periods not settled yet (real-time salary every five minutes,
 * hourly salary every hour, daily salary on the merchant's cadence, dividends per period). A run settles a
 * (kind, period) once, whatever process picks it up (decisions/033-agent-contracts.md).
 */
export async function registerAgentJobs(jobs: JobQueue, agents: AgentsService) {
  // Expires before the next tick (every five minutes); a run that holds it longer is taken as stuck and retried, the
  // periods it settled staying settled.
  await jobs.register('agents-settle', () => agents.settleAll(), {
    cron: '*/5 * * * *',
    retryLimit: 2,
    expireInSeconds: 270,
  });
}
