import type { Leaderboard, MissionClaim, MissionPeriod, MissionSummary } from '@tala/contracts/missions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// One place for the missions' calls (/wps/relay/...): their value types come from the contracts.
export type { Leaderboard, MissionSummary };
export type MissionView = MissionSummary['missions'][number];

// Under the member root, so that login, logout and every money movement read them again.
const key = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'missions', name, ...rest];

export const missionSummaryQuery = () =>
  queryOptions({
    queryKey: key('summary'),
    queryFn: () => api<MissionSummary>('/wps/relay/MCSFE_getMissionSummaryDetails'),
  });

export const leaderboardQuery = (period: MissionPeriod, which: 'current' | 'previous') =>
  queryOptions({
    queryKey: key('leaderboard', period, which),
    queryFn: () =>
      api<Leaderboard>('/wps/relay/MCSFE_getMissionLeaderboard', { query: { period, which, limit: 20 } }),
    placeholderData: keepPreviousData,
  });

export const missionsApi = {
  claim: (missionId: number) =>
    api<MissionClaim>('/wps/relay/MCS2_claimMissionReward', { method: 'POST', body: { missionId } }),
};
