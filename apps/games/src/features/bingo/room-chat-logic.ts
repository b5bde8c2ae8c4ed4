import type { RoomChatMessage } from '@tala/contracts/bingo';
import {
  normaliseRoomChatText,
  type RoomChatTextProblem,
  roomChatTextProblem,
} from '@tala/contracts/room-chat';

/** Messages the chat keeps on screen (the server sends the last 50, the socket adds more). */
export const CHAT_KEPT = 100;

type Incoming = Omit<RoomChatMessage, 'mine'> & { mine?: boolean };

/** The list with one more message, by id order, once (a message posted here also comes back on the socket). */
export function withMessage(list: RoomChatMessage[], message: Incoming): RoomChatMessage[] {
  const known = list.find((m) => m.id === message.id);
  const next: RoomChatMessage = { ...message, mine: Boolean(message.mine || known?.mine) };
  const rest = list.filter((m) => m.id !== message.id);
  return [...rest, next].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

export function withoutMessage(list: RoomChatMessage[], id: number): RoomChatMessage[] {
  return list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list;
}

/**
 * The list as loaded over HTTP, plus the messages the socket brought that are newer than the load's newest (the
 * load is the truth up to there: a message missing from it was hidden).
 */
export function withLoaded(current: RoomChatMessage[], loaded: RoomChatMessage[]): RoomChatMessage[] {
  const newest = loaded.reduce((max, m) => Math.max(max, m.id), 0);
  return [...loaded, ...current.filter((m) => m.id > newest)].sort((a, b) => a.id - b.id).slice(-CHAT_KEPT);
}

export type ChatEvent = { kind: 'message'; message: Incoming } | { kind: 'hidden'; id: number };

/** A live socket frame about this room's chat, if it is one (other frames and other rooms give null). */
export function chatEventOf(roomCode: string, frame: unknown): ChatEvent | null {
  if (!frame || typeof frame !== 'object') return null;
  const f = frame as { type?: unknown; message?: Partial<Incoming>; roomCode?: unknown; id?: unknown };
  if (f.type === 'chat' && f.message && f.message.roomCode === roomCode) {
    const m = f.message;
    if (typeof m.id !== 'number' || typeof m.text !== 'string' || typeof m.author !== 'string') return null;
    return {
      kind: 'message',
      message: { id: m.id, roomCode, author: m.author, text: m.text, createdAt: String(m.createdAt ?? '') },
    };
  }
  if (f.type === 'chatHidden' && f.roomCode === roomCode && typeof f.id === 'number')
    return { kind: 'hidden', id: f.id };
  return null;
}

/**
 * What the input shows while typing: the characters counted as the server counts them (after tidying spaces), how
 * many are left, and the rule the text breaks, if any (an empty draft breaks none: sending is just not offered).
 */
export function draftState(draft: string, maxChars: number) {
  const text = normaliseRoomChatText(draft);
  const problem: RoomChatTextProblem | null = text.length === 0 ? null : roomChatTextProblem(text, maxChars);
  return {
    text,
    length: text.length,
    left: maxChars - text.length,
    problem,
    canSend: text.length > 0 && !problem,
  };
}

/** Whether a scrolled list is (about) at its bottom, so a new message should keep it there. */
export function atBottom(
  list: { scrollTop: number; scrollHeight: number; clientHeight: number },
  slack = 48,
) {
  return list.scrollHeight - list.scrollTop - list.clientHeight <= slack;
}
