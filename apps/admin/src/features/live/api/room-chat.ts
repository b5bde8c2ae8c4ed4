import type {
  RoomChatMute,
  RoomChatMuteBody,
  RoomChatOfficeMessage,
  RoomChatOfficeRoom,
} from '@tala/contracts/room-chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { RoomChatMute, RoomChatOfficeMessage, RoomChatOfficeRoom };

const root = ['admin', 'live', 'room-chat'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/live`;
const roomBase = (merchant: string, room: string) =>
  `${base(merchant)}/rooms/${encodeURIComponent(room)}/chat`;

/** The bingo rooms with the merchant's chat of the last day. */
export function useChatRooms(merchant: string) {
  return useQuery({
    queryKey: [...root, 'rooms', merchant],
    queryFn: ({ signal }) => api<{ list: RoomChatOfficeRoom[] }>(`${base(merchant)}/chat-rooms`, { signal }),
    refetchInterval: 30_000,
  });
}

/** A room's last messages (hidden ones too) and its muted members; fetched again every few seconds. */
export function useRoomChat(merchant: string, room: string | null) {
  return useQuery({
    queryKey: [...root, 'messages', merchant, room],
    queryFn: ({ signal }) =>
      api<{ list: RoomChatOfficeMessage[]; mutes: RoomChatMute[] }>(roomBase(merchant, room ?? ''), {
        signal,
      }),
    enabled: room !== null,
    refetchInterval: 5_000,
  });
}

export function useHideMessage(merchant: string, room: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<RoomChatOfficeMessage>(`${roomBase(merchant, room)}/${id}/hide`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'messages', merchant, room] }),
  });
}

/** Mutes a member for some minutes (0 lifts the mute). */
export function useMuteMember(merchant: string, room: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomChatMuteBody) =>
      api<{ memberId: number; until: string | null }>(`${roomBase(merchant, room)}/mutes`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'messages', merchant, room] }),
  });
}
