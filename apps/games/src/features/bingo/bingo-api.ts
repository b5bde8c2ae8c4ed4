import type { BingoCardView, BingoRoomState, BingoRound } from '@tala/contracts/bingo';
import { call } from '../../lib/api.ts';

export type RecallGame = { round: BingoRound; cards: BingoCardView[] };
export type Purchase = { cards: BingoCardView[]; stake: number; balance: number; replayed: boolean };

/** The bingo rooms' player calls (/wps/bingo/*, packages/contracts/src/bingo.ts). */
export const bingoApi = {
  room: (code: string) => call<BingoRoomState>('GET', `/wps/bingo/rooms/${encodeURIComponent(code)}`),
  cards: (code: string, roundNo?: number) =>
    call<{ list: BingoCardView[] }>(
      'GET',
      `/wps/bingo/rooms/${encodeURIComponent(code)}/cards${roundNo === undefined ? '' : `?roundNo=${roundNo}`}`,
    ).then((v) => v.list),
  buy: (body: { roomCode: string; roundNo: number; requestId: string; count: number; clientSeed: string }) =>
    call<Purchase>('POST', '/wps/bingo/cards', body),
  recall: (code: string) =>
    call<{ list: RecallGame[] }>('GET', `/wps/bingo/recall?roomCode=${encodeURIComponent(code)}`).then(
      (v) => v.list,
    ),
};
