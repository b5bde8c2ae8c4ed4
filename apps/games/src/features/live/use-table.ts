import type { LiveRound, LiveServerFrame, LiveTable } from '@tala/contracts/live';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { publishLiveFrame, publishLiveReopened } from '../../lib/live-frames.ts';
import { liveApi, socketUrl } from './live-api.ts';
import { clockOffset } from './logic.ts';

/** A dealt round's result, in its game's shape (the page's game parts check it). */
export type HistoryItem = { roundNo: number; result: unknown };

export type TableState = {
  table?: LiveTable;
  round: LiveRound | null;
  history: HistoryItem[];
  /** Server clock minus this browser's clock, in ms. */
  offset: number;
  /** The loading error (the server's message, or a code for the page to word). */
  error?: ApiError | 'unknown';
  /** The table socket is down and being retried. */
  reconnecting: boolean;
};

const historySize = 72;

function withResult(history: HistoryItem[], round: LiveRound): HistoryItem[] {
  if (round.status !== 'settled' || round.result == null) return history;
  if (history.some((h) => h.roundNo === round.roundNo)) return history;
  const result = round.result;
  return [...history, { roundNo: round.roundNo, result }]
    .sort((a, b) => a.roundNo - b.roundNo)
    .slice(-historySize);
}

/**
 * A table's state: loaded over HTTP, then kept current by the table socket (rounds as they open, results as they
 * are dealt), which is reopened with a growing pause after a drop; the table is reloaded then, so that a result
 * missed while away still reaches the roads.
 */
export function useTable(code: string, language: string) {
  const [state, setState] = useState<TableState>({
    round: null,
    history: [],
    offset: 0,
    reconnecting: false,
  });
  const alive = useRef(true);

  const load = useCallback(async () => {
    const sent = Date.now();
    try {
      const value = await liveApi.table(code);
      const received = Date.now();
      if (!alive.current) return;
      setState((s) => {
        let history: HistoryItem[] = value.history.flatMap((h) =>
          h.result != null ? [{ roundNo: h.roundNo, result: h.result }] : [],
        );
        if (value.round) history = withResult(history, value.round);
        // A round the socket already moved past stays (the HTTP answer may be the older of the two).
        const round = s.round && value.round && s.round.roundNo > value.round.roundNo ? s.round : value.round;
        return {
          ...s,
          table: value.table,
          round,
          history,
          offset: clockOffset(value.serverTime, received, received - sent),
          error: undefined,
        };
      });
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

    const onFrame = (frame: LiveServerFrame) => {
      if (frame.type !== 'round' && frame.type !== 'result') return;
      const { round } = frame;
      if (round.tableCode !== code) return;
      setState((s) => {
        if (s.round && round.roundNo < s.round.roundNo) return s;
        return {
          ...s,
          round,
          history: withResult(s.history, round),
          offset: clockOffset(frame.serverTime, Date.now()),
        };
      });
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
          const frame = JSON.parse(String(event.data)) as LiveServerFrame;
          onFrame(frame);
          // The page's other parts (a bingo room's chat) read the same socket's frames.
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

/** The server's time, ticking (4 times a second, so that a countdown never skips a second). */
export function useServerNow(offset: number): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    const timer = window.setInterval(() => setNow(Date.now() + offset), 250);
    return () => window.clearInterval(timer);
  }, [offset]);
  return now;
}
