import type { FishRecallWave, FishRoomState, FishShotRequest, FishShotResult } from '@tala/contracts/fish';
import { call } from '../../lib/api.ts';

const room = (code: string) => `/wps/fish/rooms/${encodeURIComponent(code)}`;

/** The fish rooms' player calls (/wps/fish/*, packages/contracts/src/fish.ts). */
export const fishApi = {
  room: (code: string) => call<FishRoomState>('GET', room(code)),
  sit: (code: string, clientSeed: string) => call<FishRoomState>('POST', `${room(code)}/sit`, { clientSeed }),
  /** Keeps the seat while the member watches without shooting (an idle seat is freed). */
  ping: (code: string) => call<FishRoomState>('POST', `${room(code)}/ping`, {}),
  leave: (code: string) => call<FishRoomState>('POST', `${room(code)}/leave`, {}),
  shoot: (body: FishShotRequest) => call<FishShotResult>('POST', '/wps/fish/shots', body),
  recall: (code: string) =>
    call<{ waves: FishRecallWave[] }>('GET', `/wps/fish/recall?roomCode=${encodeURIComponent(code)}`).then(
      (v) => v.waves,
    ),
};
