import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { liveRoles } from '../lib/roles.ts';
import { RoomChatAdmin } from './room-chat-admin.tsx';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let hidden: string | null;
let mutedUntil: string | null;

const json = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  hidden = null;
  mutedUntil = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(init.body as string) : undefined,
    };
    calls.push(call);
    if (url.endsWith('/chat-rooms'))
      return json({
        list: [{ code: 'B75-1', game: 'bingo75', name: 'Morning 75', messagesToday: 2, lastMessageAt: null }],
      });
    if (url.endsWith('/hide')) {
      hidden = '2026-11-26T18:05:00.000Z';
      return json({});
    }
    if (url.endsWith('/mutes')) {
      mutedUntil = (call.body as { minutes: number }).minutes > 0 ? '2026-11-26T18:15:00.000Z' : null;
      return json({ memberId: 7, until: mutedUntil });
    }
    return json({
      list: [
        {
          id: 11,
          roomCode: 'B75-1',
          memberId: 7,
          username: 'rosalind',
          author: 'ro*****d',
          text: 'buy my cards cheap',
          createdAt: '2026-11-26T18:00:00.000Z',
          hiddenAt: hidden,
          hiddenBy: hidden ? 'support' : null,
        },
      ],
      mutes: mutedUntil ? [{ memberId: 7, username: 'rosalind', until: mutedUntil, mutedBy: 'support' }] : [],
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAdmin() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RoomChatAdmin merchant="tala" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('bingo room chat moderation', () => {
  it('is for owners and support only', () => {
    expect((['owner', 'support', 'finance', 'content'] as const).map((r) => liveRoles.chat(r))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('lists a room’s messages with their writer, hides one and mutes and unmutes its writer', async () => {
    renderAdmin();
    const row = (await screen.findByText('buy my cards cheap')).closest('tr') as HTMLElement;
    expect(within(row).getByText('rosalind (#7)')).toBeInTheDocument();
    expect(within(row).getByText('shown as ro*****d')).toBeInTheDocument();
    expect(within(row).getByText('Shown')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /Hide the message of rosalind/ }));
    expect(await screen.findByText('The message of rosalind is hidden.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(
      '/admin-api/merchants/tala/live/rooms/B75-1/chat/11/hide',
    );
    await waitFor(() => expect(screen.getByText(/Hidden by support/)).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Hide the message/ })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Mute for'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mute rosalind in this room' }));
    expect(await screen.findByText('rosalind is muted in this room for 60 minutes.')).toBeInTheDocument();
    expect(calls.findLast((c) => c.method === 'POST')?.body).toEqual({ memberId: 7, minutes: 60 });
    fireEvent.click(await screen.findByRole('button', { name: 'Lift the mute of rosalind' }));
    expect(await screen.findByText('rosalind may write in this room again.')).toBeInTheDocument();
    expect(calls.findLast((c) => c.method === 'POST')?.body).toEqual({ memberId: 7, minutes: 0 });
  });
});
