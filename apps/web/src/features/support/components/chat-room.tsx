import '../../../components/content-form.css';
import './support.css';
import { MAX_CHAT_MESSAGE_CHARS } from '@tala/contracts/support';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { ModalWrapper } from '../../../components/modal-wrapper.tsx';
import { localeOf, useLanguage } from '../../../lib/i18n.ts';
import type { ChatKind } from '../lib/chat-store.ts';
import { type ChatLine, useChat } from '../lib/use-chat.ts';

function Line({ line, seen, time }: { line: ChatLine; seen: boolean; time: string }) {
  const { t } = useTranslation();
  if (line.sender === 'system' || line.event)
    return (
      <li className="chat__event">
        {line.event === 'taken'
          ? t('chat.taken', { name: line.operatorName ?? '' })
          : line.event === 'closed'
            ? t('chat.closed')
            : line.body}
      </li>
    );
  const mine = line.sender === 'visitor';
  return (
    <li className={`chat__line chat__line--${mine ? 'mine' : 'theirs'}`} data-sender={line.sender}>
      {!mine && line.operatorName ? <span className="chat__who">{line.operatorName}</span> : null}
      <p className="chat__bubble">{line.body}</p>
      <span className="chat__meta">
        {time}
        {mine ? (
          line.failed ? (
            <span className="chat__failed"> · {line.failed}</span>
          ) : line.pending ? (
            <span> · {t('chat.sending')}</span>
          ) : seen ? (
            <span data-testid="chat-seen"> · {t('chat.seen')}</span>
          ) : (
            <span> · {t('chat.sent')}</span>
          )
        ) : null}
      </span>
    </li>
  );
}

/**
 * The chat room (§2 modals): live chat with the merchant's support, for members and guests. Messages are text, never
 * HTML. The room survives a reload (the open state is kept for the session and the conversation is on the server).
 */
export function ChatRoom({
  kind,
  token,
  onClose,
}: {
  kind: ChatKind;
  token: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const chat = useChat(token, language);
  const { state } = chat;
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const typingSent = useRef(false);
  const timeFormat = new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' });

  const lastOperatorId =
    [...state.lines].reverse().find((l) => l.sender === 'operator' && !l.pending)?.id ?? 0;
  const lineCount = state.lines.length;
  // Scroll to the newest line and tell the operator what the visitor has seen.
  useEffect(() => {
    if (lineCount > 0) list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [lineCount]);
  const { read } = chat;
  useEffect(() => {
    if (state.status === 'open' && lastOperatorId > 0 && document.visibilityState === 'visible')
      read(lastOperatorId);
  }, [state.status, lastOperatorId, read]);

  const stopTyping = () => {
    if (typingSent.current) {
      typingSent.current = false;
      chat.typing(false);
    }
  };
  useEffect(() => {
    if (!draft) return;
    const timer = window.setTimeout(() => {
      if (typingSent.current) {
        typingSent.current = false;
        chat.typing(false);
      }
    }, 3000);
    return () => window.clearTimeout(timer);
  }, [draft, chat]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    chat.send(body.slice(0, MAX_CHAT_MESSAGE_CHARS));
    setDraft('');
    stopTyping();
  };

  const closed = state.conversation?.status === 'closed';
  const statusText =
    state.status === 'error'
      ? (state.error ?? t('chat.unavailable'))
      : state.status !== 'open'
        ? t(state.status === 'reconnecting' ? 'chat.reconnecting' : 'chat.connecting')
        : state.conversation?.status === 'active'
          ? t('chat.with', { name: state.conversation.operatorName ?? '' })
          : state.conversation?.status === 'queued'
            ? t('chat.queued')
            : t('chat.online');
  const earliest = state.lines.find((l) => !l.pending)?.id;

  return (
    <ModalWrapper
      open
      onClose={onClose}
      title={t(kind === 'vip' ? 'chat.vipTitle' : 'chat.title')}
      size="medium"
    >
      <div className="chat" data-testid="chat-room" data-status={state.status}>
        <p className={`chat__status chat__status--${state.status}`} role="status">
          <span className="chat__status-dot" aria-hidden="true" />
          {statusText}
        </p>
        <ol ref={list} className="chat__lines" aria-label={t('chat.conversation')} aria-live="polite">
          {state.hasMore && earliest ? (
            <li className="chat__more">
              <button type="button" className="btn btn-ghost" onClick={() => chat.loadEarlier(earliest)}>
                {t('chat.earlier')}
              </button>
            </li>
          ) : null}
          {state.greeting ? (
            <li className="chat__line chat__line--theirs chat__line--greeting">
              <p className="chat__bubble">{state.greeting}</p>
            </li>
          ) : null}
          {state.lines.map((line) => (
            <Line
              key={line.pending ? `c-${line.clientId}` : line.id}
              line={line}
              seen={!line.pending && line.id <= state.operatorReadId}
              time={timeFormat.format(new Date(line.createdAt))}
            />
          ))}
          {state.operatorTyping !== false ? (
            <li className="chat__typing" data-testid="chat-typing">
              {state.operatorTyping
                ? t('chat.typingNamed', { name: state.operatorTyping })
                : t('chat.typing')}
            </li>
          ) : null}
        </ol>
        <form className="chat__composer" onSubmit={submit}>
          <label className="visually-hidden" htmlFor={`${id}-message`}>
            {t('chat.message')}
          </label>
          <textarea
            id={`${id}-message`}
            className="cform__input chat__input"
            rows={2}
            maxLength={MAX_CHAT_MESSAGE_CHARS}
            placeholder={t('chat.placeholder')}
            value={draft}
            disabled={state.status === 'error'}
            onChange={(event) => {
              setDraft(event.target.value);
              if (!typingSent.current && event.target.value) {
                typingSent.current = true;
                chat.typing(true);
              }
            }}
            onBlur={stopTyping}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          <button
            type="submit"
            className="btn btn-primary chat__send"
            disabled={!draft.trim() || state.status === 'error'}
          >
            <Icon name="chat" size={18} />
            {t('chat.send')}
          </button>
        </form>
        {state.conversation && !closed ? (
          <button type="button" className="chat__end" onClick={chat.end}>
            {t('chat.end')}
          </button>
        ) : null}
      </div>
    </ModalWrapper>
  );
}
