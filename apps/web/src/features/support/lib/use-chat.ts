import type { VisitorFrame, VisitorServerFrame } from '@tala/contracts/support';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChatConversation, type ChatMessage, chatSession } from '../api/support-api.ts';

export type ChatLine = ChatMessage & { pending?: boolean; failed?: string };
export type ChatState = {
  status: 'connecting' | 'open' | 'reconnecting' | 'error';
  error: string | null;
  greeting: string;
  visitorName: string;
  conversation: ChatConversation | null;
  lines: ChatLine[];
  hasMore: boolean;
  operatorTyping: string | null | false;
  /** The last message id the operator has read (read receipts). */
  operatorReadId: number;
};

const initial: ChatState = {
  status: 'connecting',
  error: null,
  greeting: '',
  visitorName: '',
  conversation: null,
  lines: [],
  hasMore: false,
  operatorTyping: false,
  operatorReadId: 0,
};

function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function merge(lines: ChatLine[], incoming: ChatMessage[]): ChatLine[] {
  const byId = new Map<string, ChatLine>();
  for (const line of lines) byId.set(line.pending ? `c:${line.clientId}` : `m:${line.id}`, line);
  for (const message of incoming) {
    if (message.clientId) byId.delete(`c:${message.clientId}`);
    byId.set(`m:${message.id}`, message);
  }
  return [...byId.values()].sort((a, b) => {
    if (a.pending !== b.pending) return a.pending ? 1 : -1;
    return a.id - b.id;
  });
}

/**
 * The visitor's side of live chat (decision 006): the session call gives the conversation at once (a reload loses
 * nothing), then the socket says hello with the member's token (a guest is known by its cookie) and carries messages,
 * typing and read marks. A dropped socket reconnects and resends what was not acknowledged.
 */
export function useChat(token: string | null, language: string) {
  const [state, setState] = useState<ChatState>(initial);
  const socket = useRef<WebSocket | null>(null);
  const unacked = useRef(new Map<string, string>());

  const sendFrame = useCallback((frame: VisitorFrame) => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }, []);

  useEffect(() => {
    // Each run of the effect owns its socket: a cleanup (StrictMode, a new token) ends exactly that one.
    let cancelled = false;
    let attempt = 0;
    let timer: number | undefined;
    let ping: number | undefined;

    const handle = (frame: VisitorServerFrame) => {
      switch (frame.type) {
        case 'ready':
          attempt = 0;
          setState((s) => ({
            ...s,
            status: 'open',
            error: null,
            greeting: frame.greeting,
            visitorName: frame.visitor.name,
            conversation: frame.conversation,
            lines: merge(s.lines, frame.messages),
            hasMore: frame.hasMore,
            operatorReadId: frame.conversation?.operatorReadId ?? s.operatorReadId,
          }));
          for (const [clientId, body] of unacked.current) sendFrame({ type: 'send', clientId, body });
          break;
        case 'ack':
          unacked.current.delete(frame.clientId);
          setState((s) => ({ ...s, lines: merge(s.lines, [frame.message]) }));
          break;
        case 'message':
          setState((s) => ({
            ...s,
            lines: merge(s.lines, [frame.message]),
            operatorTyping: frame.message.sender === 'operator' ? false : s.operatorTyping,
          }));
          break;
        case 'conversation':
          setState((s) => ({
            ...s,
            conversation: frame.conversation,
            operatorReadId: Math.max(s.operatorReadId, frame.conversation.operatorReadId),
          }));
          break;
        case 'typing':
          setState((s) => ({ ...s, operatorTyping: frame.typing ? (frame.operatorName ?? null) : false }));
          break;
        case 'read':
          setState((s) => ({ ...s, operatorReadId: Math.max(s.operatorReadId, frame.upToId) }));
          break;
        case 'history':
          setState((s) => ({ ...s, lines: merge(s.lines, frame.messages), hasMore: frame.hasMore }));
          break;
        case 'error':
          if (frame.clientId) {
            const failedId = frame.clientId;
            unacked.current.delete(failedId);
            setState((s) => ({
              ...s,
              lines: s.lines.map((l) =>
                l.pending && l.clientId === failedId ? { ...l, failed: frame.message } : l,
              ),
            }));
          } else setState((s) => ({ ...s, error: frame.message }));
          break;
        case 'pong':
          break;
      }
    };

    const connect = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/wps/support/chat`;
      const ws = new WebSocket(url);
      socket.current = ws;
      ws.onopen = () => {
        ws.send(JSON.stringify({ type: 'hello', ...(token ? { token } : {}), language }));
        ping = window.setInterval(() => sendFrame({ type: 'ping' }), 25_000);
      };
      ws.onmessage = (event) => {
        if (cancelled) return;
        try {
          handle(JSON.parse(String(event.data)) as VisitorServerFrame);
        } catch {
          // A frame we cannot read is skipped; the next ready frame brings the state back.
        }
      };
      ws.onclose = (event) => {
        window.clearInterval(ping);
        if (cancelled || socket.current !== ws) return;
        if (event.code === 4401) {
          setState((s) => ({ ...s, status: 'error' }));
          return;
        }
        attempt += 1;
        setState((s) => ({ ...s, status: 'reconnecting' }));
        timer = window.setTimeout(connect, Math.min(10_000, 500 * 2 ** Math.min(attempt, 5)));
      };
    };

    // The session call first: it sets a guest's cookie and paints the conversation before the socket is up.
    chatSession()
      .then((session) => {
        if (cancelled) return;
        setState((s) => ({
          ...s,
          greeting: session.greeting,
          visitorName: session.visitor.name,
          conversation: session.conversation,
          lines: merge(s.lines, session.messages),
          hasMore: session.hasMore,
          operatorReadId: session.conversation?.operatorReadId ?? 0,
        }));
        connect();
      })
      .catch((error: Error) => {
        if (!cancelled) setState((s) => ({ ...s, status: 'error', error: error.message }));
      });

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.clearInterval(ping);
      const ws = socket.current;
      socket.current = null;
      ws?.close();
    };
  }, [token, language, sendFrame]);

  const send = useCallback(
    (body: string) => {
      const clientId = newClientId();
      unacked.current.set(clientId, body);
      const line: ChatLine = {
        id: Number.MAX_SAFE_INTEGER,
        conversationId: 0,
        sender: 'visitor',
        operatorName: null,
        body,
        event: null,
        clientId,
        createdAt: new Date().toISOString(),
        pending: true,
      };
      setState((s) => ({ ...s, lines: [...s.lines, line] }));
      sendFrame({ type: 'send', clientId, body });
    },
    [sendFrame],
  );

  return {
    state,
    send,
    typing: (typing: boolean) => sendFrame({ type: 'typing', typing }),
    read: (upToId: number) => sendFrame({ type: 'read', upToId }),
    loadEarlier: (beforeId: number) => sendFrame({ type: 'history', beforeId }),
    end: () => sendFrame({ type: 'close' }),
  };
}
