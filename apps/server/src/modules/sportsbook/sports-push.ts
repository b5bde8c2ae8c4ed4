// The sportsbook's live push (issue 15 item 4): odds changes, suspensions and scores reach the sockets watching the
// sportsbook on the live socket (/wps/live/socket) without polling. Kept apart from the service so the feed's
// ingestion stays as it is: applyFeedMessage is wrapped, and each applied message that changed an event is announced
// on the change feed, which carries it to every server process; each process reads the event once and pushes it to
// its own sockets. An odds change comes back from the database with the event and markets as it left them: the
// process that applied it pushes those at once, with each merchant's offer from memory (offerCache), and reads
// nothing. Before that, as the message arrives, it pushes what the change will make of the event's rows as the last
// change left them (odds-forecast.ts), so the new prices do not wait for the write; the write's answer is then sent
// only where it differs (a socket is never sent the same frame twice running).

import type { FeedMessage } from '@tala/contracts/odds-feed';
import type { SportsEvent, SportsMarket } from '@tala/contracts/sportsbook';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { type ChangeFeed, changes } from '../../lib/change-feed.ts';
import { type EventRows, forecastOdds } from './odds-forecast.ts';
import type { SportsbookService } from './sportsbook.service.ts';
import { oddsChangeOf } from './sportsbook-feed.ts';
import type { offerCache } from './trading-offer.ts';

/** The codes a socket watches to follow the sportsbook (`{type:'watch', tables:['SPORTS']}`): every event's pushes. */
export const sportsWatchCodes = ['SPORTS', 'ESPORTS'] as const;

/** What a watching socket is sent: an event's markets after an odds change or bet stop, its score after a score. */
export type SportsPushFrame =
  | {
      type: 'sportsOdds';
      eventId: string;
      product: SportsEvent['product'];
      bettingStatus: SportsEvent['bettingStatus'];
      openMarkets: number;
      markets: Pick<SportsMarket, 'id' | 'type' | 'specifiers' | 'status' | 'priceVersion' | 'outcomes'>[];
      sentAt: number;
    }
  | {
      type: 'sportsScore';
      eventId: string;
      product: SportsEvent['product'];
      status: string;
      inPlay: boolean;
      score: SportsEvent['score'];
      state: unknown;
      sentAt: number;
    };

const oddsTypes = new Set(['odds_change', 'bet_stop', 'bet_settlement', 'bet_cancel', 'fixture_change']);

type Hub = { everyWatcherOf(code: string): WebSocket[]; merchantOfSocket(socket: WebSocket): number | null };

/**
 * Wraps the service's applyFeedMessage so that what changed an event is announced, and pushes the announced events
 * to this process's watching sockets. Reads are coalesced per event: a burst of changes to one event while its read
 * is running is one more read, not one per change. Nothing is read while no socket here watches.
 */
type Rows = EventRows;

/** Per-event memory kept to at most this many events (the oldest touched go first): finished events leave it. */
const rememberedEvents = 5_000;
function remember<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > rememberedEvents) map.delete(map.keys().next().value as string);
}

export function sportsPush(
  sportsbook: Pick<SportsbookService, 'applyFeedMessage' | 'event' | 'eventPage'> &
    Partial<Pick<SportsbookService, 'applyFeedSnapshot' | 'suspendAllMarkets'>>,
  deps: {
    /** The feed's messages are applied in their own transactions, committed by now: nothing to wait for. */
    db: Database;
    hub?: Hub | undefined;
    feed?: ChangeFeed;
    /** Each merchant's margins and suspensions, for pushing an event from its rows (offerCache). */
    offers?: Pick<ReturnType<typeof offerCache>, 'offered'>;
    log?: (object: object, message: string) => void;
  },
) {
  const feed = deps.feed ?? changes;
  const apply = sportsbook.applyFeedMessage;
  /** Per event being pushed: what to push again when it is done, and the newest rows if the newest change had them. */
  const running = new Map<string, { again: Set<'odds' | 'score'>; rows: Rows | undefined }>();
  /** Per event, its rows as the newest odds change applied here (or forecast) left them: what a forecast starts from.
   * Any other change to the event (a bet stop, a settlement, the trading desk, another process) drops them. */
  const known = new Map<string, Rows>();
  /** Per event and merchant, the last odds frame sent (without its time): the same frame is not sent again. */
  const lastOdds = new Map<string, Map<string, string>>();

  function watchers() {
    if (!deps.hub) return [];
    return sportsWatchCodes.flatMap((code) => deps.hub?.everyWatcherOf(code) ?? []);
  }

  /** Each merchant's sockets see the prices as that merchant offers them (its margins and suspensions). */
  async function push(eventId: string, what: Set<'odds' | 'score'>, rows: Rows | undefined) {
    const byMerchant = new Map<number | null, WebSocket[]>();
    for (const socket of watchers()) {
      const merchantId = deps.hub?.merchantOfSocket(socket) ?? null;
      byMerchant.set(merchantId, [...(byMerchant.get(merchantId) ?? []), socket]);
    }
    for (const [merchantId, sockets] of byMerchant) {
      const merchant = merchantId === null ? undefined : { id: merchantId };
      const { event, markets } = rows
        ? sportsbook.eventPage(
            rows.event,
            merchant && deps.offers
              ? await deps.offers.offered(merchant.id, new Map([[eventId, rows.event]]), rows.markets)
              : rows.markets,
          )
        : await sportsbook.event(eventId, 'decimal', merchant);
      const frames: SportsPushFrame[] = [];
      const sentAt = Date.now();
      if (what.has('odds')) {
        const odds = {
          type: 'sportsOdds' as const,
          eventId,
          product: event.product,
          bettingStatus: event.bettingStatus,
          openMarkets: event.openMarkets,
          markets: markets.map(({ id, type, specifiers, status, priceVersion, outcomes }) => ({
            id,
            type,
            specifiers,
            status,
            priceVersion,
            outcomes,
          })),
        };
        const body = JSON.stringify(odds);
        const sent = lastOdds.get(eventId) ?? new Map<string, string>();
        if (sent.get(String(merchantId)) !== body) {
          sent.set(String(merchantId), body);
          remember(lastOdds, eventId, sent);
          frames.push({ ...odds, sentAt });
        }
      }
      if (what.has('score'))
        frames.push({
          type: 'sportsScore',
          eventId,
          product: event.product,
          status: event.status,
          inPlay: event.inPlay,
          score: event.score,
          state: event.state,
          sentAt,
        });
      const texts = frames.map((frame) => JSON.stringify(frame));
      for (const socket of sockets)
        if (socket.readyState === socket.OPEN) for (const text of texts) socket.send(text);
    }
  }

  function schedule(eventId: string, what: 'odds' | 'score', rows?: Rows) {
    const current = running.get(eventId);
    if (current) {
      current.again.add(what);
      // Rows are the whole event as its newest change left it; a change without them is read after it.
      current.rows = rows;
      return;
    }
    const state = { again: new Set<'odds' | 'score'>(), rows: undefined as Rows | undefined };
    running.set(eventId, state);
    const run = async (kinds: Set<'odds' | 'score'>, pushRows: Rows | undefined) => {
      try {
        await push(eventId, kinds, pushRows);
      } catch (error) {
        deps.log?.({ err: error, eventId }, 'sportsbook: push failed');
      }
      if (state.again.size > 0) {
        const next = new Set(state.again);
        const nextRows = state.rows;
        state.again.clear();
        state.rows = undefined;
        return run(next, nextRows);
      }
      running.delete(eventId);
    };
    void run(new Set([what]), rows);
  }

  const unsubscribe = feed.subscribe((change) => {
    // The relay was away: any event may have changed meanwhile.
    if (change.on === 'all') known.clear();
    if (change.on !== 'sportsEvent') return;
    if (change.what === 'odds') known.delete(change.eventId);
    schedule(change.eventId, change.what);
  });

  /** The sequences of the odds changes pushed before their write, until the write answers. */
  const foreseen = new Set<number>();
  /** A forecast the write did not make (refused, failed): forgotten, and the event read and pushed as it is. */
  function correct(eventId: string) {
    known.delete(eventId);
    schedule(eventId, 'odds');
  }

  return {
    /**
     * An odds change as it arrives, before it waits for its write: what it will make of its event, from the rows the
     * newest change left, is pushed at once (nothing when those are not known here, or nobody watches).
     */
    foresee(message: FeedMessage) {
      if (message.type !== 'odds_change') {
        if ('event_id' in message && message.type !== 'score') known.delete(message.event_id);
        return;
      }
      const rows = known.get(message.event_id);
      if (!rows || watchers().length === 0) return;
      const early = forecastOdds(rows, oddsChangeOf(message), new Date());
      if (!early) return;
      remember(known, message.event_id, early);
      foreseen.add(message.sequence);
      void push(message.event_id, new Set(['odds']), early).catch((error) =>
        deps.log?.({ err: error, eventId: message.event_id }, 'sportsbook: push failed'),
      );
    },
    /** The service's applyFeedMessage, announcing the events it changed. */
    async applyFeedMessage(raw: unknown) {
      // Anything may come here (a malformed message is the service's to refuse).
      const message = (typeof raw === 'object' && raw !== null ? raw : {}) as {
        type?: string;
        event_id?: unknown;
        sequence?: unknown;
      };
      // A bet stop, a settlement, a fixture change: the markets move other than by prices.
      if (typeof message.event_id === 'string' && message.type !== 'odds_change' && message.type !== 'score')
        known.delete(message.event_id);
      const early = typeof message.sequence === 'number' && foreseen.delete(message.sequence);
      let applied: Awaited<ReturnType<typeof apply>>;
      try {
        applied = await apply(raw);
      } catch (error) {
        if (early && typeof message.event_id === 'string') correct(message.event_id);
        throw error;
      }
      if (early && typeof message.event_id === 'string' && !(applied.applied && applied.changed))
        correct(message.event_id);
      if (applied.applied && typeof message.event_id === 'string' && message.type) {
        if (applied.changed) {
          // Pushed here from what the database answered (to the sockets the forecast's frame differs for); the other
          // processes read it.
          const newest = known.get(message.event_id);
          if (!newest || applied.changed.event.odds_sequence >= newest.event.odds_sequence)
            remember(known, message.event_id, applied.changed);
          schedule(message.event_id, 'odds', applied.changed);
          feed.tellOthers({ on: 'sportsEvent', eventId: message.event_id, what: 'odds' });
        } else if (oddsTypes.has(message.type))
          feed.publish(deps.db, { on: 'sportsEvent', eventId: message.event_id, what: 'odds' });
        if (message.type === 'score' || message.type === 'fixture_change')
          feed.publish(deps.db, { on: 'sportsEvent', eventId: message.event_id, what: 'score' });
      }
      return applied;
    },
    /** The service's applyFeedSnapshot, announcing every fixture it brought (their prices and scores may all have
     * moved during the gap). */
    async applyFeedSnapshot(snapshot: Parameters<SportsbookService['applyFeedSnapshot']>[0]) {
      known.clear();
      const applied = await sportsbook.applyFeedSnapshot?.(snapshot);
      for (const { fixture } of snapshot.fixtures) {
        feed.publish(deps.db, { on: 'sportsEvent', eventId: fixture.id, what: 'odds' });
        feed.publish(deps.db, { on: 'sportsEvent', eventId: fixture.id, what: 'score' });
      }
      return applied as Awaited<ReturnType<SportsbookService['applyFeedSnapshot']>>;
    },
    /** The service's suspendAllMarkets (the feed's producer is down): every event's rows here are forgotten. */
    async suspendAllMarkets() {
      known.clear();
      await sportsbook.suspendAllMarkets?.();
    },
    stop: unsubscribe,
  };
}
