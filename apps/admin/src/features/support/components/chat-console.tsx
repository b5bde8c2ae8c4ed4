import type { ChatConversation, ChatMessage } from '@tala/contracts/support';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { session } from '../../../lib/storage.ts';
import { type Pending, useChatConsole } from '../api/chat-socket.ts';
import { ChatHistory } from './chat-history.tsx';

const SELECTED_KEY = 'tala.admin.chat.selected';
const TYPING_IDLE_MS = 3000;

/** The live-chat console: the queue and open chats with unread counts, one chat room, and closed chats. */
export function ChatConsole() {
  const { t } = useTranslation();
  const chat = useChatConsole();
  const { state } = chat;
  const [selectedId, setSelectedId] = useState<number | null>(() => {
    const kept = Number(session.get(SELECTED_KEY));
    return Number.isInteger(kept) && kept > 0 ? kept : null;
  });
  const [view, setView] = useState<'open' | 'history'>('open');

  useEffect(() => session.set(SELECTED_KEY, selectedId ? String(selectedId) : null), [selectedId]);

  // Load the selected chat's latest messages once the socket is ready (also after a reload or reconnect).
  const { send } = chat;
  useEffect(() => {
    if (state.connection === 'ready' && selectedId) send({ type: 'history', conversationId: selectedId });
  }, [state.connection, selectedId, send]);

  const open = Object.values(state.conversations)
    .filter((c) => c.status !== 'closed' || c.id === selectedId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  // The VIP service (members above rank level 4) is its own queue, listed first; live chat follows.
  const vip = open
    .filter((c) => c.vip)
    .sort((a, b) => Number(b.status === 'queued') - Number(a.status === 'queued'));
  const queued = open.filter((c) => !c.vip && c.status === 'queued');
  const active = open.filter((c) => !c.vip && c.status !== 'queued');
  const selected = selectedId ? state.conversations[selectedId] : undefined;

  return (
    <div className="stack">
      <div className="title-row">
        <span
          className={`badge ${state.connection === 'ready' ? 'badge-on' : 'badge-off'}`}
          role="status"
          aria-live="polite"
        >
          {t(`chat.connection.${state.connection}`)}
        </span>
        <div className="lang-tabs">
          <button
            type="button"
            className="button button-small lang-tab"
            aria-pressed={view === 'open'}
            onClick={() => setView('open')}
          >
            {t('chat.openChats')}
          </button>
          <button
            type="button"
            className="button button-small lang-tab"
            aria-pressed={view === 'history'}
            onClick={() => setView('history')}
          >
            {t('chat.history')}
          </button>
        </div>
      </div>
      {state.error ? (
        <Notice
          tone="error"
          action={
            <button type="button" className="button" onClick={chat.clearError}>
              {t('chat.dismiss')}
            </button>
          }
        >
          {state.error.message}
        </Notice>
      ) : null}
      {view === 'history' ? (
        <ChatHistory />
      ) : (
        <div className="chat">
          <nav aria-label={t('chat.conversations')} className="stack">
            <h2>{t('chat.vipQueue', { count: vip.length })}</h2>
            <ConversationList items={vip} selectedId={selectedId} onSelect={setSelectedId} />
            <h2>{t('chat.queue', { count: queued.length })}</h2>
            <ConversationList items={queued} selectedId={selectedId} onSelect={setSelectedId} />
            <h2>{t('chat.active', { count: active.length })}</h2>
            <ConversationList items={active} selectedId={selectedId} onSelect={setSelectedId} />
          </nav>
          {selected ? (
            <ChatRoom
              key={selected.id}
              conversation={selected}
              messages={state.messages[selected.id] ?? []}
              hasMore={state.hasMore[selected.id] ?? false}
              typing={state.typing[selected.id] ?? false}
              pending={state.pending.filter((p) => p.conversationId === selected.id)}
              operatorId={state.operator?.id ?? null}
              ready={state.connection === 'ready'}
              chat={chat}
            />
          ) : (
            <p className="card empty">{t('chat.pick')}</p>
          )}
        </div>
      )}
    </div>
  );
}

function ConversationList({
  items,
  selectedId,
  onSelect,
}: {
  items: ChatConversation[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="muted">{t('chat.none')}</p>;
  return (
    <ul className="chat-list">
      {items.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className="chat-item"
            aria-current={c.id === selectedId}
            onClick={() => onSelect(c.id)}
          >
            <span className="chat-item-top">
              <strong>
                {c.visitorName} {c.vip ? <span className="badge badge-vip">{t('chat.vip')}</span> : null}
              </strong>
              {c.unread > 0 ? (
                <span className="unread">
                  <span aria-hidden="true">{c.unread}</span>
                  <span className="visually-hidden">{t('chat.unread', { count: c.unread })}</span>
                </span>
              ) : null}
            </span>
            <span className="block muted">
              {t(`chat.kinds.${c.visitorKind}`)} · {c.merchantCode} ·{' '}
              {c.operatorName ? t('chat.heldBy', { name: c.operatorName }) : t('chat.waiting')}
            </span>
            {c.lastMessage ? <span className="block">{c.lastMessage.slice(0, 80)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

type Chat = ReturnType<typeof useChatConsole>;

function ChatRoom({
  conversation,
  messages,
  hasMore,
  typing,
  pending,
  operatorId,
  ready,
  chat,
}: {
  conversation: ChatConversation;
  messages: ChatMessage[];
  hasMore: boolean;
  typing: boolean;
  pending: Pending[];
  operatorId: number | null;
  ready: boolean;
  chat: Chat;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const typingRef = useRef<{ on: boolean; timer?: ReturnType<typeof setTimeout> }>({ on: false });
  const mine = conversation.operatorId !== null && conversation.operatorId === operatorId;
  const closed = conversation.status === 'closed';
  const lastId = messages.at(-1)?.id ?? 0;
  const { send } = chat;

  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message or pending one arrives
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId, pending.length]);

  // The chat is on screen: what the visitor wrote is read.
  useEffect(() => {
    if (ready && lastId > conversation.operatorReadId && conversation.unread > 0)
      send({ type: 'read', conversationId: conversation.id, upToId: lastId });
  }, [ready, lastId, conversation.operatorReadId, conversation.unread, conversation.id, send]);

  function setTyping(on: boolean) {
    const state = typingRef.current;
    clearTimeout(state.timer);
    if (on) state.timer = setTimeout(() => setTyping(false), TYPING_IDLE_MS);
    if (state.on === on || !mine) return;
    state.on = on;
    send({ type: 'typing', conversationId: conversation.id, typing: on });
  }
  useEffect(() => () => clearTimeout(typingRef.current.timer), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    chat.sendMessage(conversation.id, body);
    setText('');
    setTyping(false);
  }

  return (
    <section className="chat-room card" aria-labelledby="chat-room-title">
      <header className="title-row">
        <h2 id="chat-room-title">{t('chat.with', { name: conversation.visitorName })}</h2>
        {conversation.vip ? <span className="badge badge-vip">{t('chat.vip')}</span> : null}
        <span className="badge">{t(`chat.statuses.${conversation.status}`)}</span>
        <div className="item-actions">
          {!closed && !mine ? (
            <button
              type="button"
              className="button button-primary button-small"
              disabled={!ready}
              onClick={() =>
                send({
                  type: 'take',
                  conversationId: conversation.id,
                  takeOver: conversation.operatorId !== null,
                })
              }
            >
              {conversation.operatorId !== null
                ? t('chat.takeOver', { name: conversation.operatorName ?? '' })
                : t('chat.take')}
            </button>
          ) : null}
          {!closed && (mine || conversation.operatorId === null) ? (
            <button
              type="button"
              className="button button-small button-danger"
              disabled={!ready}
              onClick={() => {
                if (window.confirm(t('chat.closeConfirm')))
                  send({ type: 'close', conversationId: conversation.id });
              }}
            >
              {t('chat.close')}
            </button>
          ) : null}
        </div>
      </header>
      <div className="chat-log" ref={logRef} role="log" aria-label={t('chat.messages')}>
        {hasMore ? (
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              send({ type: 'history', conversationId: conversation.id, beforeId: messages[0]?.id })
            }
          >
            {t('chat.earlier')}
          </button>
        ) : null}
        {messages.map((m) => (
          <Bubble
            key={m.id}
            message={m}
            seen={m.sender === 'operator' && m.id <= conversation.visitorReadId}
          />
        ))}
        {pending.map((p) => (
          <div key={p.clientId} className="bubble bubble-operator">
            {p.body}
            <span className="bubble-meta">
              {p.error ? (
                <>
                  {t('chat.notSent', { message: p.error })}{' '}
                  <button type="button" className="button button-small" onClick={() => chat.retrySend(p)}>
                    {t('chat.retry')}
                  </button>{' '}
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => chat.dismiss(p.clientId)}
                  >
                    {t('chat.dismiss')}
                  </button>
                </>
              ) : (
                t('chat.sending')
              )}
            </span>
          </div>
        ))}
      </div>
      <p className="typing" aria-live="polite">
        {typing && !closed ? t('chat.visitorTyping', { name: conversation.visitorName }) : ''}
      </p>
      {closed ? (
        <p className="muted">{t('chat.closedNote')}</p>
      ) : mine ? (
        <form className="chat-compose" onSubmit={submit}>
          <textarea
            className="input"
            rows={2}
            maxLength={2000}
            aria-label={t('chat.reply')}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setTyping(event.target.value.length > 0);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <button type="submit" className="button button-primary" disabled={!text.trim()}>
            {t('chat.send')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('chat.takeFirst')}</p>
      )}
    </section>
  );
}

export function Bubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  const { t } = useTranslation();
  const when = formatDateTime(message.createdAt, currentLocale());
  if (message.sender === 'system' || message.event)
    return (
      <div className="bubble bubble-system">
        {message.event === 'closed'
          ? t('chat.events.closed', { name: message.operatorName ?? '' })
          : t('chat.events.taken', { name: message.operatorName ?? '' })}{' '}
        · {when}
      </div>
    );
  return (
    <div className={`bubble${message.sender === 'operator' ? ' bubble-operator' : ''}`}>
      {message.body}
      <span className="bubble-meta">
        {message.sender === 'operator' ? (message.operatorName ?? '') : t('chat.visitor')} · {when}
        {seen ? ` · ${t('chat.seen')}` : ''}
      </span>
    </div>
  );
}
