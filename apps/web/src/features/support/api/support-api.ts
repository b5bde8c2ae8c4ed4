import type {
  ChatConversation,
  ChatMessage,
  chatSessionResponse,
  servicePath,
} from '@tala/contracts/support';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type { ChatConversation, ChatMessage };
export type ServicePath = z.infer<typeof servicePath>;
export type ChatSession = z.infer<typeof chatSessionResponse>['value'];

/** GET /wps/relay/CSP_getService — the customer-service path list (VIP in place of live chat above rank 4). */
export const getService = (signal?: AbortSignal) =>
  api<{ version: { pathList: ServicePath[] }; vip: boolean }>('/wps/relay/CSP_getService', {
    ...(signal ? { signal } : {}),
  });

/** POST /wps/support/chat/session — who the visitor is, the conversation and its latest messages. */
export const chatSession = () => api<ChatSession>('/wps/support/chat/session', { method: 'POST' });
