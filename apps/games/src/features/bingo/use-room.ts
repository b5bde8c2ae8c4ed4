import type { BingoRoom, BingoRound, BingoServerFrame } from '@tala/contracts/bingo';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { publishLiveFrame, publishLiveReopened } from '../../lib/live-frames.ts';
import { socketUrl } from '../live/live-api.ts';
import { clockOffset } from '../live/logic.ts';
import { bingoApi } from './bingo-api.ts';

export type RoomState = {
  room?: BingoRoom;
  round: BingoRound | null;
  /** Server clock minus this browser's clock, in ms. */
  offset: number;
  error?: ApiError | 'unknown';
  /** The socket is down and being retried. */
  reconnecting: boolean;
};

/** The newer of two views of a room's game: a later game, or the same game with more balls or a later status. */
export function newerRound(current: BingoRound | null, next: BingoRound | null): BingoRound | null {
  if (!current || !next) return next ?? current;
  if (next.roundNo !== current.roundNo) return next.roundNo > current.roundNo ? next : current;
  const rank = { open: 0, drawing: 1, settled: 2, void: 2 } as const;
  if (rank[next.status] !== rank[current.status])
    return rank[next.status] > rank[current.status] ? next : current;
  // The same status: more balls called, or (while open) the later sales figures.
  return next.calls.length >= current.calls.length ? next : current;
}

/**
 * A room's state: loaded over HTTP, then kept current by the live socket's `bingo` frames (a game opening, each
 * ball, the settlement). After a drop the socket is reopened with a growing pause, `watch` is sent again and the
 * room reloaded, so the game resumes where it is.
 */
export function useRoom(code: string, language: string) {
  const [state, setState] = useState<RoomState>({ round: null, offset: 0, reconnecting: false });
  const alive = useRef(true);

  const load = useCallback(async () => {
    const sent = Date.now();
    try {
      const value = await bingoApi.room(code);
      const received = Date.now();
      if (!alive.current) return;
      setState((s) => ({
        ...s,
        room: value.room,
        round: newerRound(s.round, value.round),
        offset: clockOffset(value.serverTime, received, received - sent),
        error: undefined,
      }));
    } catch (error) {
      if (alive.current) setState((s) => ({ ...s, error: error instanceof ApiError ? error : 'unknown' }));
    }
  }, [code]);

  useEffect(() => {
    alive.current = true;
    void load();
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let attempts = 0;
    let opened = false;

    const onFrame = (frame: BingoServerFrame) => {
      if (frame.type !== 'bingo' || frame.round.roomCode !== code) return;
      const { round } = frame;
      setState((s) => ({
        ...s,
        round: newerRound(s.round, round),
        offset: clockOffset(frame.serverTime, Date.now()),
      }));
    };

    const connect = () => {
      socket = new WebSocket(socketUrl(language));
      socket.onopen = () => {
        attempts = 0;
        socket?.send(JSON.stringify({ type: 'watch', tables: [code] }));
        if (opened) {
          void load();
          publishLiveReopened();
        }
        opened = true;
        setState((s) => (s.reconnecting ? { ...s, reconnecting: false } : s));
      };
      socket.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as BingoServerFrame;
          onFrame(frame);
          // The room's chat reads the same socket's frames (lib/live-frames.ts).
          publishLiveFrame(frame);
        } catch {
          // A frame that is not JSON: ignored.
        }
      };
      socket.onclose = () => {
        if (!alive.current) return;
        setState((s) => (s.reconnecting ? s : { ...s, reconnecting: true }));
        const delay = Math.min(15_000, 500 * 2 ** attempts) + Math.random() * 300;
        attempts += 1;
        retry = window.setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      alive.current = false;
      window.clearTimeout(retry);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [code, language, load]);

  return { ...state, reload: load };
}
