import type { platformMessage } from '@tala/contracts/support';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type PlatformMessage = z.infer<typeof platformMessage>;
export type MessagePage = { list: PlatformMessage[]; pageNo: number; totalPages: number; total: number };

/** GET /wps/relay/MCSFE_getMessageListV2 — the member's platform messages, newest first. */
export const messagesQuery = (token: string, pageNo: number) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'messages', pageNo],
    queryFn: () => api<MessagePage>('/wps/relay/MCSFE_getMessageListV2', { query: { pageNo, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** What to mark read: the member's messages by id, broadcasts by id, or everything. */
export type ReadRequest = { ids?: number[]; broadcastIds?: number[]; all?: boolean };

/** The read request for one message of the list (a broadcast's id is the broadcast's). */
export const readOne = (message: PlatformMessage): ReadRequest =>
  message.kind === 'broadcast' ? { broadcastIds: [message.id] } : { ids: [message.id] };

/** POST /wps/relay/MCSFE_readMessageV2 — marks messages read; answers the unread count left. */
export const readMessages = (body: ReadRequest) =>
  api<{ unread: number }>('/wps/relay/MCSFE_readMessageV2', { method: 'POST', body });
