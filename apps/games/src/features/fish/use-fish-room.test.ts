import type { FishRoomState, FishWave } from '@tala/contracts/fish';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fishApi } from './fish-api.ts';
import { useFishRoom } from './use-fish-room.ts';

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

const wave = (waveNo: number, caught: number[] = []): FishWave => ({
  roomCode: 'FISH-1',
  waveNo,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2026-01-01T00:01:00.000Z',
  serverSeedHash: 'a'.repeat(64),
  fish: [
    {
      id: 0,
      kind: 'sardine',
      multiplier: 2,
      enterMs: 0,
      swimMs: 9_000,
      fromLeft: true,
      y0: 0.5,
      y1: 0.5,
      bend: 0,
    },
  ],
  caught,
  serverSeed: null,
});
const state = (w: FishWave, mySeat: number | null = 1): FishRoomState => ({
  room: {
    code: 'FISH-1',
    name: 'Fishing Maynila',
    bets: [100, 200],
    rtpBps: 9600,
    shotsPerSecond: 5,
    seats: 4,
    seatsTaken: 1,
    waveSeconds: 60,
    maintenance: false,
  },
  wave: w,
  seats: mySeat === null ? [] : [{ seat: mySeat, name: 'me***', bet: 100, mine: true }],
  serverTime: new Date().toISOString(),
  mySeat,
  clientSeed: mySeat === null ? null : 'abcdef123456',
  nonce: 3,
});

describe('a fish room page and its socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('follows waves, shots and seats, and after a drop watches again and reloads the room', async () => {
    const room = vi.spyOn(fishApi, 'room').mockResolvedValue(state(wave(5)));
    const shots: unknown[] = [];
    const { result: hook } = renderHook(() => useFishRoom('FISH-1', 'TY', (frame) => shots.push(frame)));
    await waitFor(() => expect(hook.current.wave?.waveNo).toBe(5));
    expect(hook.current.mySeat).toBe(1);

    const first = FakeSocket.all[0] as FakeSocket;
    expect(first.url).toContain('language=TY');
    act(() => first.open());
    expect(first.sent).toEqual([{ type: 'watch', tables: ['FISH-1'] }]);

    // Another seat catches fish 0: it leaves the sea, that seat's cannon shows the bet, the page hears the shot.
    const shot = {
      type: 'fishShot',
      roomCode: 'FISH-1',
      waveNo: 5,
      seat: 2,
      angle: 1,
      fishId: 0,
      bet: 200,
      caught: true,
      multiplier: 2,
      win: 400,
    };
    act(() =>
      first.push({
        type: 'fishSeats',
        roomCode: 'FISH-1',
        seats: [
          { seat: 1, name: 'me***', bet: 100, mine: false },
          { seat: 2, name: 'an***', bet: 100, mine: false },
        ],
      }),
    );
    // The seats frame is the room's (no seat is `mine` in it): this member's seat stays theirs.
    expect(hook.current.seats.map((s) => [s.seat, s.mine])).toEqual([
      [1, true],
      [2, false],
    ]);
    act(() => first.push(shot));
    expect(hook.current.wave?.caught).toEqual([0]);
    expect(hook.current.seats.find((s) => s.seat === 2)?.bet).toBe(200);
    expect(shots).toEqual([shot]);
    // A frame of another room is not this page's.
    act(() => first.push({ ...shot, roomCode: 'FISH-2', fishId: 9 }));
    expect(hook.current.wave?.caught).toEqual([0]);

    // A new wave starts the shot count again.
    act(() => first.push({ type: 'fishWave', wave: wave(6), serverTime: new Date().toISOString() }));
    expect(hook.current.wave?.waveNo).toBe(6);
    expect(hook.current.nonce).toBe(0);

    // Dropped; meanwhile wave 7 began. Reopened after a short pause: watched again and the room reloaded.
    act(() => first.drop());
    expect(hook.current.reconnecting).toBe(true);
    room.mockResolvedValue(state(wave(7, [0])));
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3_000 });
    const second = FakeSocket.all[1] as FakeSocket;
    act(() => second.open());
    expect(second.sent).toEqual([{ type: 'watch', tables: ['FISH-1'] }]);
    await waitFor(() => expect(hook.current.wave?.waveNo).toBe(7));
    expect(hook.current.wave?.caught).toEqual([0]);
    expect(hook.current.reconnecting).toBe(false);
    expect(room).toHaveBeenCalledTimes(2);
  });

  it('lets the seat go when the room’s seats no longer have it (an idle seat freed)', async () => {
    vi.spyOn(fishApi, 'room').mockResolvedValue(state(wave(5)));
    const { result: hook } = renderHook(() => useFishRoom('FISH-1', 'EN', () => undefined));
    await waitFor(() => expect(hook.current.mySeat).toBe(1));
    const socket = FakeSocket.all[0] as FakeSocket;
    act(() => socket.open());
    act(() => socket.push({ type: 'fishSeats', roomCode: 'FISH-1', seats: [] }));
    expect(hook.current.mySeat).toBeNull();
  });
});
