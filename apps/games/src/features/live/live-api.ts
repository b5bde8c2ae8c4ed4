import type { LiveBet, LiveRound, LiveTableState } from '@tala/contracts/live';
import { call } from '../../lib/api.ts';

export type RecallRound = { round: LiveRound; bets: LiveBet[] };
export type Placement = { bet: LiveBet; balance: number; replayed: boolean };

/** The live tables' player calls (/wps/live/*). */
export const liveApi = {
  table: (code: string) => call<LiveTableState>('GET', `/wps/live/tables/${encodeURIComponent(code)}`),
  place: (body: { tableCode: string; roundNo: number; requestId: string; spots: Record<string, number> }) =>
    call<Placement>('POST', '/wps/live/bets', body),
  recall: (tableCode: string) =>
    call<{ list: RecallRound[] }>('GET', `/wps/live/recall?tableCode=${encodeURIComponent(tableCode)}`).then(
      (v) => v.list,
    ),
};

/** The table socket's address on this host. */
export function socketUrl(language: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/wps/live/socket?language=${language}`;
}
