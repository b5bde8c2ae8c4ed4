import type { RoomChatMessage } from '@tala/contracts/bingo';
import { call } from '../../lib/api.ts';

const chatPath = (roomCode: string) => `/wps/bingo/rooms/${encodeURIComponent(roomCode)}/chat`;

/** A bingo room's chat (/wps/bingo/rooms/:code/chat): its last messages (guests too), and posting one. */
export const roomChatApi = {
  list: (roomCode: string) =>
    call<{ list: RoomChatMessage[] }>('GET', chatPath(roomCode)).then((value) => value.list),
  post: (roomCode: string, text: string) => call<RoomChatMessage>('POST', chatPath(roomCode), { text }),
};
