import type {
  ChatConversation,
  ChatMessage,
  OperatorFrame,
  OperatorServerFrame,
} from '@tala/contracts/support';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { currentLanguage } from '../../../lib/i18n.ts';
import { clientId as newClientId } from '../../../lib/page.ts';
import { endSession, sessionToken } from '../../../lib/session.ts';
import { session } from '../../../lib/storage.ts';

/** A message the operator sent that the server has not stored yet (or refused). */
export type Pending = { clientId: string; conversationId: number; body: string; error: string | null };

export type ChatState = {
  connection: 'connecting' | 'ready' | 'reconnecting' | 'ended';
  operator: { id: number; username: string } | null;
  conversations: Record<number, ChatConversation>;
  messages: Record<number, ChatMessage[]>;
  hasMore: Record<number, boolean>;
  typing: Record<number, boolean>;
  pending: Pending[];
  /** The last refusal not tied to a message (take, close), for the page to show. */
  error: { code: string; message: string } | null;
};

const PENDING_KEY = 'tala.admin.chat.pending';
const loadPending = (): Pending[] => {
  try {
    const kept = JSON.parse(session.get(PENDING_KEY) ?? '[]') as Pending[];
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
};

export type Action =
  | { type: 'frame'; frame: OperatorServerFrame }
  | { type: 'connection'; connection: ChatState['connection'] }
  | { type: 'queue'; pending: Pending }
  | { type: 'dismiss'; clientId: string }
  | { type: 'clearError' };

function merge(existing: ChatMessage[] = [], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function reduce(state: ChatState, action: Action): ChatState {
  switch (action.type) {
    case 'connection':
      return { ...state, connection: action.connection };
    case 'queue':
      return {
        ...state,
        pending: [...state.pending.filter((p) => p.clientId !== action.pending.clientId), action.pending],
      };
    case 'dismiss':
      return { ...state, pending: state.pending.filter((p) => p.clientId !== action.clientId) };
    case 'clearError':
      return { ...state, error: null };
    case 'frame':
      break;
  }
  const f = action.frame;
  switch (f.type) {
    case 'ready': {
      const conversations: Record<number, ChatConversation> = {};
      for (const c of f.conversations) conversations[c.id] = c;
      // Keep closed conversations the operator still has open on the page; open ones come fresh.
      for (const c of Object.values(state.conversations)) if (!conversations[c.id]) conversations[c.id] = c;
      return { ...state, connection: 'ready', operator: f.operator, conversations };
    }
    case 'conversation':
      return { ...state, conversations: { ...state.conversations, [f.conversation.id]: f.conversation } };
    case 'message': {
      const id = f.message.conversationId;
      return { ...state, messages: { ...state.messages, [id]: merge(state.messages[id], [f.message]) } };
    }
    case 'ack': {
      const id = f.message.conversationId;
      return {
        ...state,
        pending: state.pending.filter((p) => p.clientId !== f.clientId),
        messages: { ...state.messages, [id]: merge(state.messages[id], [f.message]) },
      };
    }
    case 'history':
      return {
        ...state,
        messages: {
          ...state.messages,
          [f.conversationId]: merge(state.messages[f.conversationId], f.messages),
        },
        hasMore: { ...state.hasMore, [f.conversationId]: f.hasMore },
      };
    case 'typing':
      return { ...state, typing: { ...state.typing, [f.conversationId]: f.typing } };
    case 'read': {
      const c = state.conversations[f.conversationId];
      if (!c) return state;
      const key = f.reader === 'visitor' ? 'visitorReadId' : 'operatorReadId';
      return {
        ...state,
        conversations: { ...state.conversations, [c.id]: { ...c, [key]: Math.max(c[key], f.upToId) } },
      };
    }
    case 'error':
      if (f.clientId)
        return {
          ...state,
          pending: state.pending.map((p) => (p.clientId === f.clientId ? { ...p, error: f.message } : p)),
        };
      return { ...state, error: { code: f.errorCode, message: f.message } };
    case 'pong':
      return state;
  }
}

export const initial = (): ChatState => ({
  connection: 'connecting',
  operator: null,
  conversations: {},
  messages: {},
  hasMore: {},
  typing: {},
  pending: loadPending(),
  error: null,
});

/**
 * The operator console's socket (WS /admin-api/support/chat): says hello with the operator token, keeps the open
 * conversations, their messages, typing and read states, reconnects with a growing delay, and resends messages
 * that were not acknowledged (the server keeps one per clientId, so a resend is never stored twice). Unsent
 * messages are kept in sessionStorage, so a reload loses nothing.
 */
export function useChatConsole() {
  const [state, dispatch] = useReducer(reduce, undefined, initial);
  const socketRef = useRef<WebSocket | null>(null);
  const pendingRef = useRef(state.pending);
  pendingRef.current = state.pending;

  useEffect(() => {
    session.set(PENDING_KEY, state.pending.length ? JSON.stringify(state.pending) : null);
  }, [state.pending]);

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    function connect() {
      const token = sessionToken();
      if (!token) {
        dispatch({ type: 'connection', connection: 'ended' });
        return;
      }
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(
        `${scheme}://${window.location.host}/admin-api/support/chat?language=${currentLanguage()}`,
      );
      socketRef.current = socket;
      socket.onopen = () => {
        socket.send(
          JSON.stringify({ type: 'hello', token, language: currentLanguage() } satisfies OperatorFrame),
        );
      };
      socket.onmessage = (event) => {
        let frame: OperatorServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as OperatorServerFrame;
        } catch {
          return;
        }
        if (frame.type === 'ready') {
          attempt = 0;
          // Anything not acknowledged before the reload or the drop goes again, with its own clientId.
          for (const p of pendingRef.current)
            if (!p.error)
              socket.send(
                JSON.stringify({
                  type: 'send',
                  conversationId: p.conversationId,
                  clientId: p.clientId,
                  body: p.body,
                } satisfies OperatorFrame),
              );
        }
        dispatch({ type: 'frame', frame });
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        clearInterval(ping);
        if (stopped) return;
        if (event.code === 4401) {
          dispatch({ type: 'connection', connection: 'ended' });
          endSession('expired');
          return;
        }
        dispatch({ type: 'connection', connection: 'reconnecting' });
        attempt += 1;
        retry = setTimeout(connect, Math.min(1000 * 2 ** (attempt - 1), 15_000));
      };
      ping = setInterval(() => {
        if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'ping' }));
      }, 25_000);
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socketRef.current?.close(1000, 'page left');
      socketRef.current = null;
    };
  }, []);

  const send = useCallback((frame: OperatorFrame) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, []);

  const sendMessage = useCallback(
    (conversationId: number, body: string) => {
      const pending: Pending = { clientId: newClientId(), conversationId, body, error: null };
      dispatch({ type: 'queue', pending });
      send({ type: 'send', conversationId, clientId: pending.clientId, body });
    },
    [send],
  );
  const retrySend = useCallback(
    (p: Pending) => {
      dispatch({ type: 'queue', pending: { ...p, error: null } });
      send({ type: 'send', conversationId: p.conversationId, clientId: p.clientId, body: p.body });
    },
    [send],
  );
  const dismiss = useCallback((clientId: string) => dispatch({ type: 'dismiss', clientId }), []);
  const clearError = useCallback(() => dispatch({ type: 'clearError' }), []);

  return { state, send, sendMessage, retrySend, dismiss, clearError };
}
