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

/** POST /wps/relay/MCSFE_readMessageV2 — marks messages read; answers the unread count left. */
export const readMessages = (ids: number[]) =>
  api<{ unread: number }>('/wps/relay/MCSFE_readMessageV2', { method: 'POST', body: { ids } });
