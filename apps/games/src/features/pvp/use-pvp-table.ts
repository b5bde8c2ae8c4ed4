import type { PvpServerFrame, PvpTableState } from '@tala/contracts/pvp';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { publishLiveFrame, publishLiveReopened } from '../../lib/live-frames.ts';
import { socketUrl } from '../live/live-api.ts';
import { clockOffset } from './logic.ts';
import { pvpApi } from './pvp-api.ts';

export type PvpTableHook = {
  state?: PvpTableState;
  /** Server clock minus this browser's clock, in ms. */
  offset: number;
  error?: ApiError | 'unknown';
  reconnecting: boolean;
  reload: () => Promise<void>;
  /** Takes a state the server answered with (after a sit, leave or move) when it is not older than the one held. */
  adopt: (state: PvpTableState) => void;
};

/** Whether `next` is at least as new as `held` (a later hand, or the same hand at a later move). */
export function isNewer(held: PvpTableState | undefined, next: PvpTableState): boolean {
  if (!held?.hand || !next.hand) return true;
  if (next.hand.handNo !== held.hand.handNo) return next.hand.handNo > held.hand.handNo;
  return next.hand.seq >= held.hand.seq;
}

/**
 * A card table's state for this member: read over HTTP (each member reads its own view: its cards), and read again
 * whenever the live socket says the table changed (`pvpTable`). The socket is reopened with a growing pause after a
 * drop and the table read again then; while it is down the table is also read every few seconds.
 */
export function usePvpTable(code: string, language: string): PvpTableHook {
  const [state, setState] = useState<PvpTableState>();
  const [offset, setOffset] = useState(0);
  const [error, setError] = useState<ApiError | 'unknown'>();
  const [reconnecting, setReconnecting] = useState(false);
  const alive = useRef(true);
  const loading = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const adopt = useCallback((next: PvpTableState) => {
    setState((held) => (isNewer(held, next) ? next : held));
  }, []);

  const load = useCallback((): Promise<void> => {
    // One read at a time; a change announced meanwhile reads once more after it.
    if (loading.current) {
      again.current = true;
      return loading.current;
    }
    const run = async () => {
      do {
        again.current = false;
        const sent = Date.now();
        try {
          const value = await pvpApi.table(code);
          const received = Date.now();
          if (!alive.current) return;
          setOffset(clockOffset(value.serverTime, received, received - sent));
          setState(value);
          setError(undefined);
        } catch (e) {
          if (alive.current) setError(e instanceof ApiError ? e : 'unknown');
        }
      } while (again.current && alive.current);
    };
    loading.current = run().finally(() => {
      loading.current = null;
    });
    return loading.current;
  }, [code]);

  useEffect(() => {
    alive.current = true;
    void load();
    let socket: WebSocket | null = null;
    let retry: number | undefined;
    let poll: number | undefined;
    let attempts = 0;
    let opened = false;

    const connect = () => {
      socket = new WebSocket(socketUrl(language));
      socket.onopen = () => {
        attempts = 0;
        socket?.send(JSON.stringify({ type: 'watch', tables: [code] }));
        window.clearInterval(poll);
        if (opened) {
          void load();
          publishLiveReopened();
        }
        opened = true;
        setReconnecting(false);
      };
      socket.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as PvpServerFrame | { type: string };
          if (frame.type === 'pvpTable' && (frame as PvpServerFrame).code === code) void load();
          publishLiveFrame(frame);
        } catch {
          // A frame that is not JSON: ignored.
        }
      };
      socket.onclose = () => {
        if (!alive.current) return;
        setReconnecting(true);
        window.clearInterval(poll);
        poll = window.setInterval(() => void load(), 4_000);
        const delay = Math.min(15_000, 500 * 2 ** attempts) + Math.random() * 300;
        attempts += 1;
        retry = window.setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      alive.current = false;
      window.clearTimeout(retry);
      window.clearInterval(poll);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [code, language, load]);

  return { state, offset, error, reconnecting, reload: load, adopt };
}
