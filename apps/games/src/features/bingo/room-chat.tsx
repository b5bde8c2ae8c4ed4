import { MAX_ROOM_CHAT_CHARS, type RoomChatMessage } from '@tala/contracts/bingo';
import { type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { subscribeLiveFrames } from '../../lib/live-frames.ts';
import { sessionToken } from '../../lib/session.ts';
import { roomChatApi } from './room-chat-api.ts';
import {
  atBottom,
  chatEventOf,
  draftState,
  withLoaded,
  withMessage,
  withoutMessage,
} from './room-chat-logic.ts';
import './room-chat.css';

/** The time of a message, hours and minutes in the browser's zone. */
function timeOf(iso: string, language: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString(language === 'TY' ? 'fil-PH' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * A bingo room's chat: its last messages (newest at the bottom, kept in view while the reader is at the bottom) and,
 * for a signed-in member, a line to write one. New and hidden messages arrive on the page's live socket (the hook
 * that holds it passes its frames on: lib/live-frames.ts); the list is loaded again when that socket reconnects.
 */
export function RoomChat({ roomCode }: { roomCode: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = sessionToken() !== null;
  const [messages, setMessages] = useState<RoomChatMessage[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const inputId = useId();
  const countId = useId();
  const errorId = useId();

  const wordsOf = useCallback(
    (caught: unknown) =>
      caught instanceof ApiError && caught.code !== 'network' && caught.message
        ? caught.message
        : caught instanceof ApiError && caught.code === 'network'
          ? t('errorNetwork')
          : t('errorGeneric'),
    [t],
  );

  const load = useCallback(async () => {
    try {
      const list = await roomChatApi.list(roomCode);
      setMessages((current) => withLoaded(current, list));
      setLoadError(null);
    } catch (caught) {
      setLoadError(wordsOf(caught));
    } finally {
      setLoaded(true);
    }
  }, [roomCode, wordsOf]);

  useEffect(() => {
    void load();
    return subscribeLiveFrames((event) => {
      if (event.kind === 'reopened') {
        void load();
        return;
      }
      const chat = chatEventOf(roomCode, event.frame);
      if (chat?.kind === 'message') setMessages((list) => withMessage(list, chat.message));
      else if (chat?.kind === 'hidden') setMessages((list) => withoutMessage(list, chat.id));
    });
  }, [roomCode, load]);

  // A reader at the bottom stays there as messages come; one who scrolled up to read is left where they are.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && stick.current && messages.length > 0) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const state = draftState(draft, MAX_ROOM_CHAT_CHARS);
  const shownError =
    error ?? (state.problem ? t(`roomChat_${state.problem}`, { max: MAX_ROOM_CHAT_CHARS }) : null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!state.canSend || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await roomChatApi.post(roomCode, state.text);
      stick.current = true;
      setMessages((list) => withMessage(list, message));
      setDraft('');
    } catch (caught) {
      setError(wordsOf(caught));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="room-chat" aria-label={t('roomChatTitle')}>
      <h2 className="room-chat__title">{t('roomChatTitle')}</h2>
      {loadError ? (
        <p className="room-chat__error" role="alert">
          {loadError}{' '}
          <button type="button" className="room-chat__retry" onClick={() => void load()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      <ol
        ref={listRef}
        className="room-chat__list"
        role="log"
        aria-label={t('roomChatMessages')}
        onScroll={(e) => {
          stick.current = atBottom(e.currentTarget);
        }}
      >
        {loaded && messages.length === 0 && !loadError ? (
          <li className="room-chat__empty">{t('roomChatEmpty')}</li>
        ) : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={m.mine ? 'room-chat__message room-chat__message--mine' : 'room-chat__message'}
          >
            <span className="room-chat__author">
              {m.mine ? t('roomChatYou', { name: m.author }) : m.author}
            </span>
            <time className="room-chat__time" dateTime={m.createdAt}>
              {timeOf(m.createdAt, i18n.language)}
            </time>
            <span className="room-chat__text">{m.text}</span>
          </li>
        ))}
      </ol>
      {signedIn ? (
        <form className="room-chat__form" onSubmit={(e) => void send(e)} noValidate>
          <label className="visually-hidden" htmlFor={inputId}>
            {t('roomChatInput')}
          </label>
          <input
            id={inputId}
            className="room-chat__input"
            type="text"
            value={draft}
            placeholder={t('roomChatPlaceholder')}
            autoComplete="off"
            enterKeyHint="send"
            aria-describedby={`${countId}${shownError ? ` ${errorId}` : ''}`}
            aria-invalid={state.problem ? true : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="room-chat__send" disabled={!state.canSend || sending}>
            {sending ? t('roomChatSending') : t('roomChatSend')}
          </button>
          <span
            id={countId}
            className={state.left < 0 ? 'room-chat__count room-chat__count--over' : 'room-chat__count'}
            aria-live={state.left <= 20 ? 'polite' : 'off'}
          >
            {t('roomChatCount', { count: state.length, max: MAX_ROOM_CHAT_CHARS })}
          </span>
          {shownError ? (
            <p id={errorId} className="room-chat__error" role="alert">
              {shownError}
            </p>
          ) : null}
        </form>
      ) : (
        <p className="room-chat__guest">{t('roomChatSignIn')}</p>
      )}
    </section>
  );
}
