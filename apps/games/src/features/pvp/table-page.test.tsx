import '@testing-library/jest-dom/vitest';
import type { PvpTableState } from '@tala/contracts/pvp';
import { holdem } from '@tala/live/holdem';
import { pvpDeck } from '@tala/live/pvp';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { PvpPage } from './table-page.tsx';

class QuietSocket {
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  send() {}
  close() {}
}

const deal = holdem.deal({
  seats: [
    { seat: 0, stack: 40_000 },
    { seat: 3, stack: 40_000 },
  ],
  button: 0,
  stake: 1_000,
  rakeBps: 500,
  rakeCap: 3_000,
  deck: pvpDeck('seed-page', 'HOLDEM-10', 7),
});

function stateFor(seq: number): PvpTableState {
  return {
    table: {
      code: 'HOLDEM-10',
      game: 'HOLDEM',
      name: "Hold'em P5/P10",
      stake: 1_000,
      seats: 6,
      seated: 2,
      minBuyIn: 20_000,
      maxBuyIn: 100_000,
      rakeBps: 500,
      rakeCap: 3_000,
      turnSeconds: 20,
      maintenance: false,
    },
    seats: [
      { seat: 0, name: 'an***', stack: 40_000, mine: true, inHand: true, leaving: false },
      { seat: 3, name: 'bo***', stack: 40_000, mine: false, inHand: true, leaving: false },
    ],
    hand: {
      handNo: 7,
      serverSeedHash: 'a'.repeat(64),
      serverSeed: null,
      seq,
      toAct: 0,
      deadline: new Date(Date.now() + 15_000).toISOString(),
      view: holdem.view(deal, 0),
      outcome: null,
      startedAt: new Date().toISOString(),
      endedAt: null,
    },
    mySeat: 0,
    serverTime: new Date().toISOString(),
  };
}

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }));

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  sessionStorage.setItem('token', 'member-token-0123456789');
  vi.stubGlobal('WebSocket', QuietSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the table page', () => {
  it('sends a move with the hand’s number and move count, shows a refusal in the server’s words and reads the table again', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    let tableReads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit) => {
        calls.push({
          method: init.method ?? 'GET',
          path,
          body: init.body ? JSON.parse(String(init.body)) : null,
        });
        if (path.endsWith('/SLOTS_balance'))
          return ok({ amount: 100_000, currency: 'PHP', currencySymbol: 'P' });
        if (path.endsWith('/move'))
          return new Response(
            JSON.stringify({
              success: false,
              errorCode: 'pvp_stale_move',
              message: 'The table moved on: try again.',
            }),
            { status: 409 },
          );
        tableReads += 1;
        return ok(stateFor(tableReads > 1 ? 3 : 2));
      }),
    );
    const router = createMemoryRouter([{ path: '/pvp/:code', element: <PvpPage /> }], {
      initialEntries: ['/pvp/HOLDEM-10'],
    });
    render(<RouterProvider router={router} />);
    const call = await screen.findByRole('button', { name: /^Call P5\.00/ });
    expect(screen.getByTestId('table-terms')).toHaveTextContent('Rake 5%, at most P30.00');
    fireEvent.click(call);
    expect(await screen.findByRole('alert')).toHaveTextContent('The table moved on: try again.');
    const move = calls.find((c) => c.path.endsWith('/move'));
    expect(move).toEqual({
      method: 'POST',
      path: '/wps/pvp/tables/HOLDEM-10/move',
      body: { handNo: 7, seq: 2, move: { type: 'call' } },
    });
    await waitFor(() => expect(tableReads).toBeGreaterThanOrEqual(2));
  });
});
