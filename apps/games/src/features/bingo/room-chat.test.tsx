import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { publishLiveFrame, publishLiveReopened } from '../../lib/live-frames.ts';
import { RoomChat } from './room-chat.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

const at = '2026-11-26T18:00:00.000Z';
const shown = (id: number, text: string, mine = false) => ({
  id,
  roomCode: 'B75-1',
  author: 'ro***m',
  text,
  createdAt: at,
  mine,
});

/** The server: the list answered by GET, POST answered by `post` (a message or a refusal). */
function server(list: unknown[], post?: (text: string) => { status: number; body: unknown }) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const answer = post?.(JSON.parse(String(init.body)).text) ?? { status: 500, body: null };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response(JSON.stringify({ success: true, value: { list } }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('RoomChat', () => {
  it('shows a guest the messages and asks them to log in to chat', async () => {
    server([shown(1, 'Hello room')]);
    render(<RoomChat roomCode="B75-1" />);
    expect(await screen.findByText('Hello room')).toBeInTheDocument();
    expect(screen.getByText(/Log in to chat/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('adds and removes messages as the socket’s frames say, and loads again after a reconnect', async () => {
    const fetch = server([shown(1, 'first')]);
    render(<RoomChat roomCode="B75-1" />);
    await screen.findByText('first');
    const { mine: _, ...frame } = shown(2, 'from the socket');
    act(() => publishLiveFrame({ type: 'chat', message: frame }));
    expect(screen.getByText('from the socket')).toBeInTheDocument();
    act(() =>
      publishLiveFrame({ type: 'chat', message: { ...frame, id: 3, roomCode: 'B90-1', text: 'elsewhere' } }),
    );
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
    act(() => publishLiveFrame({ type: 'chatHidden', roomCode: 'B75-1', id: 1 }));
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    act(() => publishLiveReopened());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('sends a member’s message, counts characters, and says in words why one is refused', async () => {
    window.sessionStorage.setItem('token', 'member-token-for-tests');
    const fetch = server([], (text) =>
      text === 'flood'
        ? {
            status: 429,
            body: { success: false, errorCode: 'chat_flood', message: 'You are sending messages too fast.' },
          }
        : { status: 200, body: { success: true, value: shown(5, text, true) } },
    );
    render(<RoomChat roomCode="B75-1" />);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Your message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText('201 / 200')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('at most 200 characters');
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: 'visit lucky-win.com' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Links and web addresses are not allowed');

    fireEvent.change(input, { target: { value: '  Good   luck! ' } });
    expect(screen.getByText('10 / 200')).toBeInTheDocument();
    fireEvent.click(send);
    expect(await screen.findByText('Good luck!')).toBeInTheDocument();
    expect(screen.getByText('ro***m (you)')).toBeInTheDocument();
    expect(input).toHaveValue('');
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Good luck!' });
    expect(new Headers(init?.headers).get('authorization')).toBe('member-token-for-tests');

    fireEvent.change(input, { target: { value: 'flood' } });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are sending messages too fast.');
    expect(input).toHaveValue('flood');
  });
});
