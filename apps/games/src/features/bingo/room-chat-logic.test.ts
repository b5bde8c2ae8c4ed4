import type { RoomChatMessage } from '@tala/contracts/bingo';
import { describe, expect, it } from 'vitest';
import {
  atBottom,
  CHAT_KEPT,
  chatEventOf,
  draftState,
  withLoaded,
  withMessage,
  withoutMessage,
} from './room-chat-logic.ts';

const message = (id: number, mine = false): RoomChatMessage => ({
  id,
  roomCode: 'B75-1',
  author: 'ro***m',
  text: `message ${id}`,
  createdAt: '2026-11-26T18:00:00.000Z',
  mine,
});

describe('the room chat’s list', () => {
  it('adds a message once, in id order, keeping that it is mine when the socket brings it back', () => {
    const sent = withMessage([message(1), message(3)], message(2, true));
    expect(sent.map((m) => m.id)).toEqual([1, 2, 3]);
    const { mine: _, ...frame } = message(2);
    const echoed = withMessage(sent, frame);
    expect(echoed.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(echoed.find((m) => m.id === 2)?.mine).toBe(true);
  });

  it('keeps the newest CHAT_KEPT messages', () => {
    let list: RoomChatMessage[] = [];
    for (let id = 1; id <= CHAT_KEPT + 5; id++) list = withMessage(list, message(id));
    expect(list).toHaveLength(CHAT_KEPT);
    expect(list[0]?.id).toBe(6);
  });

  it('drops a hidden message, and a reload drops what was hidden while keeping newer socket messages', () => {
    expect(withoutMessage([message(1), message(2)], 1).map((m) => m.id)).toEqual([2]);
    const list = [message(1), message(2)];
    expect(withoutMessage(list, 9)).toBe(list);
    // Loaded: 1 and 3 (2 was hidden meanwhile); the socket had brought 4 after the load was answered.
    const reloaded = withLoaded([message(1), message(2), message(4)], [message(1), message(3)]);
    expect(reloaded.map((m) => m.id)).toEqual([1, 3, 4]);
  });
});

describe('the socket’s chat frames', () => {
  it('takes this room’s chat and chatHidden frames only', () => {
    const { mine: _, ...body } = message(7);
    expect(chatEventOf('B75-1', { type: 'chat', message: body })).toEqual({ kind: 'message', message: body });
    expect(chatEventOf('B75-1', { type: 'chatHidden', roomCode: 'B75-1', id: 7 })).toEqual({
      kind: 'hidden',
      id: 7,
    });
    expect(chatEventOf('B90-1', { type: 'chat', message: body })).toBeNull();
    expect(chatEventOf('B75-1', { type: 'chatHidden', roomCode: 'B90-1', id: 7 })).toBeNull();
    expect(chatEventOf('B75-1', { type: 'round', round: {} })).toBeNull();
    expect(chatEventOf('B75-1', { type: 'chat', message: { ...body, id: '7' } })).toBeNull();
    expect(chatEventOf('B75-1', null)).toBeNull();
    expect(chatEventOf('B75-1', 'chat')).toBeNull();
  });
});

describe('the draft', () => {
  it('counts as the server does, and names the rule a draft breaks', () => {
    expect(draftState('', 200)).toMatchObject({ length: 0, problem: null, canSend: false });
    expect(draftState('   ', 200)).toMatchObject({ length: 0, problem: null, canSend: false });
    expect(draftState('  hi   there ', 200)).toMatchObject({
      text: 'hi there',
      length: 8,
      left: 192,
      canSend: true,
    });
    expect(draftState('x'.repeat(201), 200)).toMatchObject({
      left: -1,
      problem: 'room_chat_text_too_long',
      canSend: false,
    });
    expect(draftState('see www.example.test', 200).problem).toBe('room_chat_link_not_allowed');
    expect(draftState('call 0917 555 0101', 200).problem).toBe('room_chat_phone_not_allowed');
    expect(draftState('B12 and N34, 2 more!', 200).problem).toBeNull();
  });

  it('knows when the list is at its bottom', () => {
    expect(atBottom({ scrollTop: 600, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(atBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(atBottom({ scrollTop: 100, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });
});
