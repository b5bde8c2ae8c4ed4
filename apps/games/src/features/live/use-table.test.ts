import type { LiveRound, LiveTableState } from '@tala/contracts/live';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveApi } from './live-api.ts';
import { useTable } from './use-table.ts';

/** A stand-in for the browser's WebSocket: records what the page sends, lets the test open, push and drop it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {}
  open() {
    this.onopen?.();
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.onclose?.();
  }
}

const round = (roundNo: number, over: Partial<LiveRound> = {}): LiveRound => ({
  tableCode: 'BAC-1',
  roundNo,
  opensAt: '2026-01-01T00:00:00.000Z',
  closesAt: '2026-01-01T00:00:15.000Z',
  endsAt: '2026-01-01T00:00:25.000Z',
  serverSeedHash: 'a'.repeat(64),
  status: 'open',
  result: null,
  serverSeed: null,
  ...over,
});
const state = (now: LiveRound, history: LiveTableState['history'] = []): LiveTableState => ({
  table: {
    code: 'BAC-1',
    game: 'baccarat',
    name: 'Baccarat Maynila',
    minBet: 1_000,
    maxBet: 5_000_000,
    chips: [1_000, 5_000, 10_000, 50_000, 100_000],
    bettingSeconds: 15,
    resultSeconds: 10,
    maintenance: false,
    spots: [],
  },
  nodeId: 1,
  round: now,
  history,
  serverTime: new Date().toISOString(),
});
const result = { player: [], banker: [], winner: 'banker' };

describe('a table page whose socket drops', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reopens it, watches the table again and reloads the table, so a result dealt while away is not lost', async () => {
    const table = vi.spyOn(liveApi, 'table').mockResolvedValue(state(round(7)));
    const { result: hook } = renderHook(() => useTable('BAC-1', 'CN'));
    await waitFor(() => expect(hook.current.round?.roundNo).toBe(7));
    expect(table).toHaveBeenCalledTimes(1);

    const first = FakeSocket.all[0] as FakeSocket;
    expect(first.url).toContain('language=CN');
    act(() => first.open());
    expect(first.sent).toEqual([{ type: 'watch', tables: ['BAC-1'] }]);

    // Dropped in round 7's betting window; meanwhile round 7 is dealt and round 8 opens.
    act(() => first.drop());
    expect(hook.current.reconnecting).toBe(true);
    table.mockResolvedValue(state(round(8), [{ roundNo: 7, result }]));
    // It is reopened after a short pause (half a second and a little).
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3_000 });
    const second = FakeSocket.all[1] as FakeSocket;
    act(() => second.open());
    expect(second.sent).toEqual([{ type: 'watch', tables: ['BAC-1'] }]);
    await waitFor(() => expect(hook.current.round?.roundNo).toBe(8));
    expect(table).toHaveBeenCalledTimes(2);
    expect(hook.current.reconnecting).toBe(false);
    expect(hook.current.history).toEqual([{ roundNo: 7, result }]);

    // The new socket keeps the page current: round 8's result.
    act(() =>
      second.push({ type: 'result', round: round(8, { status: 'settled', result }), serverTime: '' }),
    );
    expect(hook.current.round?.status).toBe('settled');
    expect(hook.current.history.map((h) => h.roundNo)).toEqual([7, 8]);
  });
});
