import type { ChatConversation, ChatMessage } from '@tala/contracts/support';
import { describe, expect, it } from 'vitest';
import { type Action, type ChatState, initial, reduce } from './chat-socket.ts';

const conversation = (patch: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 7,
  merchantCode: 'tala',
  visitorKind: 'guest',
  visitorName: 'Guest AB12',
  memberId: null,
  status: 'queued',
  vip: false,
  operatorId: null,
  operatorName: null,
  unread: 1,
  visitorReadId: 0,
  operatorReadId: 0,
  lastMessage: 'hello',
  lastMessageAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});
const message = (id: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 7,
  sender: 'visitor',
  operatorName: null,
  body: `message ${id}`,
  event: null,
  clientId: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  ...patch,
});
const run = (state: ChatState, ...actions: Action[]) => actions.reduce(reduce, state);
const frame = (f: Extract<Action, { type: 'frame' }>['frame']): Action => ({ type: 'frame', frame: f });

describe('chat console state', () => {
  it('keeps messages in id order without duplicates, whatever order history and live frames arrive in', () => {
    const state = run(
      initial(),
      frame({ type: 'ready', operator: { id: 1, username: 'support' }, conversations: [conversation()] }),
      frame({ type: 'message', message: message(5) }),
      frame({
        type: 'history',
        conversationId: 7,
        messages: [message(3), message(4), message(5)],
        hasMore: true,
      }),
      frame({ type: 'message', message: message(5) }),
    );
    expect(state.connection).toBe('ready');
    expect(state.messages[7]?.map((m) => m.id)).toEqual([3, 4, 5]);
    expect(state.hasMore[7]).toBe(true);
  });

  it('turns a pending message into a stored one on its ack, and marks a refused one with the reason', () => {
    const pending = { clientId: 'abcdefgh1', conversationId: 7, body: 'hi', error: null };
    const refused = { clientId: 'abcdefgh2', conversationId: 7, body: 'spam', error: null };
    const state = run(
      initial(),
      { type: 'queue', pending },
      { type: 'queue', pending: refused },
      frame({ type: 'ack', clientId: 'abcdefgh1', message: message(9, { sender: 'operator', body: 'hi' }) }),
      frame({ type: 'error', errorCode: 'chat_flood', message: 'Too many messages', clientId: 'abcdefgh2' }),
    );
    expect(state.messages[7]?.map((m) => m.body)).toEqual(['hi']);
    expect(state.pending).toEqual([{ ...refused, error: 'Too many messages' }]);
    expect(state.error).toBeNull();
  });

  it('follows read receipts forward only, typing, and conversation updates', () => {
    const state = run(
      initial(),
      frame({ type: 'ready', operator: { id: 1, username: 'support' }, conversations: [conversation()] }),
      frame({ type: 'read', conversationId: 7, reader: 'visitor', upToId: 12 }),
      frame({ type: 'read', conversationId: 7, reader: 'visitor', upToId: 10 }),
      frame({ type: 'typing', conversationId: 7, typing: true }),
      frame({
        type: 'conversation',
        conversation: conversation({ status: 'active', operatorId: 1, visitorReadId: 12 }),
      }),
      frame({ type: 'error', errorCode: 'chat_taken', message: 'Another operator has this chat.' }),
    );
    expect(state.conversations[7]).toMatchObject({ status: 'active', operatorId: 1, visitorReadId: 12 });
    expect(state.typing[7]).toBe(true);
    expect(state.error).toEqual({ code: 'chat_taken', message: 'Another operator has this chat.' });
  });

  it('keeps a closed chat the operator has open when the socket says ready again', () => {
    const state = run(
      initial(),
      frame({ type: 'ready', operator: { id: 1, username: 'support' }, conversations: [conversation()] }),
      frame({ type: 'conversation', conversation: conversation({ status: 'closed' }) }),
      { type: 'connection', connection: 'reconnecting' },
      frame({ type: 'ready', operator: { id: 1, username: 'support' }, conversations: [] }),
    );
    expect(state.connection).toBe('ready');
    expect(state.conversations[7]?.status).toBe('closed');
  });
});
