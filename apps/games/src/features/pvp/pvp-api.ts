import type { PvpHistoryHand, PvpTableState } from '@tala/contracts/pvp';
import { call } from '../../lib/api.ts';

const table = (code: string) => `/wps/pvp/tables/${encodeURIComponent(code)}`;

/** The card tables' player calls (/wps/pvp/*; packages/contracts/src/pvp.ts). */
export const pvpApi = {
  table: (code: string) => call<PvpTableState>('GET', table(code)),
  sit: (code: string, body: { seat?: number; buyIn: number; deviceId: string; requestId: string }) =>
    call<PvpTableState>('POST', `${table(code)}/sit`, body),
  leave: (code: string) => call<PvpTableState>('POST', `${table(code)}/leave`, {}),
  move: (code: string, body: { handNo: number; seq: number; move: unknown }) =>
    call<PvpTableState>('POST', `${table(code)}/move`, body),
  /** The member's last hands at this table (the server answers their last hands at every table). */
  hands: (code: string) =>
    call<{ hands: PvpHistoryHand[] }>('GET', '/wps/pvp/hands').then((v) =>
      v.hands.filter((h) => h.tableCode === code),
    ),
};
