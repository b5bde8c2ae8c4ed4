import type { SportsEvent, SportsListedEvent, SportsMarket } from '@tala/contracts/sportsbook';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

export type EventDetail = { event: SportsEvent; markets: SportsMarket[]; oddsFormat: string };

/** The frames the server pushes to sockets watching the sportsbook (apps/server/.../sports-push.ts). */
export type SportsPushFrame =
  | {
      type: 'sportsOdds';
      eventId: string;
      bettingStatus: SportsEvent['bettingStatus'];
      openMarkets: number;
      markets: Pick<SportsMarket, 'id' | 'status' | 'priceVersion' | 'outcomes'>[];
    }
  | {
      type: 'sportsScore';
      eventId: string;
      status: string;
      inPlay: boolean;
      score: SportsEvent['score'];
      state: unknown;
    };

export const eventKey = (eventId: string) => ['sports', 'event', eventId] as const;

/** Applies a pushed frame to the cached event page and lists: what the screens show updates without a reload. */
export function applyPush(client: QueryClient, frame: SportsPushFrame) {
  const patchEvent = (event: SportsEvent): SportsEvent =>
    frame.type === 'sportsOdds'
      ? { ...event, bettingStatus: frame.bettingStatus, openMarkets: frame.openMarkets }
      : { ...event, status: frame.status, inPlay: frame.inPlay, score: frame.score, state: frame.state };
  const pushed = new Map(frame.type === 'sportsOdds' ? frame.markets.map((m) => [m.id, m]) : []);
  const patchMarket = (m: SportsMarket): SportsMarket => {
    const next = pushed.get(m.id);
    if (!next || next.priceVersion < m.priceVersion) return m;
    return { ...m, status: next.status, priceVersion: next.priceVersion, outcomes: next.outcomes };
  };
  client.setQueryData<EventDetail>(eventKey(frame.eventId), (detail) => {
    if (!detail) return detail;
    if (frame.type === 'sportsScore') return { ...detail, event: patchEvent(detail.event) };
    const markets = detail.markets.map(patchMarket);
    // A market the page has not seen yet (a new line): read the page again.
    if (frame.markets.some((m) => !detail.markets.some((d) => d.id === m.id)))
      void client.invalidateQueries({ queryKey: eventKey(frame.eventId) });
    return { ...detail, event: patchEvent(detail.event), markets };
  });
  // A list's row: the event and its main market.
  client.setQueriesData<{ list: SportsListedEvent[] }>({ queryKey: ['sports', 'events'] }, (data) =>
    data
      ? {
          list: data.list.map((e) =>
            e.id === frame.eventId
              ? { ...e, ...patchEvent(e), mainMarket: e.mainMarket && patchMarket(e.mainMarket) }
              : e,
          ),
        }
      : data,
  );
}

/**
 * Follows the sportsbook on the live socket: prices, suspensions and scores are pushed, never polled. Reconnects
 * with a growing delay after a cut, and reads the cached pages again then (what changed while away).
 */
export function useSportsPush(): 'connecting' | 'open' | 'closed' {
  const client = useQueryClient();
  const [state, setState] = useState<'connecting' | 'open' | 'closed'>('connecting');
  useEffect(() => {
    let socket: WebSocket | undefined;
    let stopped = false;
    let delay = 500;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let opened = false;
    const connect = () => {
      const url = new URL('/wps/live/socket', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.onopen = () => {
        delay = 500;
        setState('open');
        socket?.send(JSON.stringify({ type: 'watch', tables: ['SPORTS'] }));
        if (opened) void client.invalidateQueries({ queryKey: ['sports'] });
        opened = true;
        ping = setInterval(() => socket?.send(JSON.stringify({ type: 'ping' })), 25_000);
      };
      socket.onmessage = (message) => {
        try {
          const frame = JSON.parse(String(message.data)) as { type?: string };
          if (frame.type === 'sportsOdds' || frame.type === 'sportsScore')
            applyPush(client, frame as SportsPushFrame);
        } catch {
          // not ours
        }
      };
      socket.onclose = () => {
        clearInterval(ping);
        if (stopped) return;
        setState('closed');
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 15_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [client]);
  return state;
}
