import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import type { SportsListQuery } from '@tala/contracts/sportsbook';
import type { OddsFormat } from '@tala/sports/odds-format';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type EventRow, type MarketRow, sportsbookRepository } from './sportsbook.repository.ts';
import { sportsbookBetting } from './sportsbook-betting.ts';
import { type FeedLog, sportsbookFeed } from './sportsbook-feed.ts';
import { sportsbookRecords } from './sportsbook-records.ts';
import { defaultSportsbookSettings, type SportsbookSettings } from './sportsbook-settings.ts';
import { eventView, marketView } from './sportsbook-views.ts';
import type { TradingOffer } from './trading-offer.ts';

const allStatuses = ['not_started', 'live'];

/**
 * The in-house sportsbook (issue 15 items 2 and 3, decision 058): the odds feed's events, markets and prices
 * (applyFeedMessage), the members' bets on them (placement, in-play delay, cash-out, my bets) and their settlement
 * exactly once, every stake, payout, refund and reversal a ledger entry in the member's merchant.
 */
export function sportsbookService(
  db: Database,
  deps: {
    wallet: WalletService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService | undefined;
    /** The trading desk's margins and suspensions per merchant (trading-offer.ts). */
    offer?: TradingOffer | undefined;
    log?: Partial<FeedLog> | undefined;
  },
  overrides: Partial<SportsbookSettings> = {},
) {
  const settings: SportsbookSettings = { ...defaultSportsbookSettings, ...overrides };
  const repository = sportsbookRepository();
  const log: FeedLog = {
    warn: deps.log?.warn ?? (() => {}),
    error: deps.log?.error ?? ((object, message) => console.error(message, object)),
  };
  const queue: { resolve?: (betId: number, at: Date) => Promise<void> } = {};
  const feed = sportsbookFeed(db, { repository, wallet: deps.wallet, limits: deps.limits, settings, log });
  const betting = sportsbookBetting(db, {
    repository,
    wallet: deps.wallet,
    playGuard: deps.playGuard,
    limits: deps.limits,
    offer: deps.offer,
    settings,
    queue,
    log,
  });

  /** An event and its markets (as the merchant offers them, or as the feed sent them) as the site shows them. */
  function eventPage(event: EventRow, markets: readonly MarketRow[], format: OddsFormat = 'decimal') {
    const open = markets.filter((m) => m.status === 'active').length;
    return {
      event: eventView({ ...event, open_markets: open }, settings),
      markets: markets.map((m) => marketView(m, event, format)),
      oddsFormat: format,
    };
  }

  /** The events of a list: in play, starting today (merchant's time zone), or later ('early'). */
  async function listEvents(merchant: Merchant, query: SportsListQuery, now = new Date()) {
    const timeZone = merchant.settings.whitelabel.timeZone;
    const tomorrow = dayStart(addDays(dayOf(now, timeZone), 1), timeZone);
    const range =
      query.section === 'today'
        ? { statuses: ['not_started'], to: tomorrow }
        : query.section === 'early'
          ? { statuses: ['not_started'], from: tomorrow }
          : query.section === 'inplay'
            ? { statuses: ['live'] }
            : { statuses: allStatuses };
    return repository.events(db, {
      esports: settings.esportsSports,
      product: query.product,
      sport: query.sport,
      league: query.league,
      ...range,
    });
  }

  return {
    settings,
    records: sportsbookRecords(db),

    /** The feed's port: each message of the odds feed's consumer (sports-feed) goes here. */
    applyFeedMessage: feed.applyFeedMessage,
    /** The feed's whole state after a gap (the consumer's `snapshot` event). */
    applyFeedSnapshot: feed.applyFeedSnapshot,

    /** The feed's producer is down: every market stops taking bets until the feed's next odds change. */
    suspendAllMarkets: () => repository.suspendAllMarkets(db),

    /** Connects the job queue that decides in-play bets when their delay ends (sportsbook.jobs.ts). */
    connectQueue(resolve: (betId: number, at: Date) => Promise<void>) {
      queue.resolve = resolve;
    },

    /** Sports with events to bet on, with how many and how many in play. */
    async sports(merchant: Merchant, product: 'SPORTS' | 'ESPORTS') {
      const rows = await listEvents(merchant, { product });
      const by = new Map<string, { sport: string; events: number; inPlay: number }>();
      for (const r of rows) {
        const s = by.get(r.sport) ?? { sport: r.sport, events: 0, inPlay: 0 };
        s.events += 1;
        if (r.status === 'live') s.inPlay += 1;
        by.set(r.sport, s);
      }
      return [...by.values()].sort((a, b) => a.sport.localeCompare(b.sport));
    },

    async leagues(merchant: Merchant, query: SportsListQuery) {
      const rows = await listEvents(merchant, query);
      const by = new Map<
        string,
        { id: string; name: string; sport: string; category: string; events: number }
      >();
      for (const r of rows) {
        const l = by.get(r.league_id) ?? {
          id: r.league_id,
          name: r.league_name,
          sport: r.sport,
          category: r.category,
          events: 0,
        };
        l.events += 1;
        by.set(r.league_id, l);
      }
      return [...by.values()];
    },

    /** A list's events, each with its main market as the merchant offers it (prices the member's format shows). */
    async events(merchant: Merchant, query: SportsListQuery, now = new Date()) {
      const events = await listEvents(merchant, query, now);
      const byId = new Map(events.map((e) => [e.id, e]));
      const feedMarkets = await repository.mainMarkets(db, [...byId.keys()]);
      const markets = deps.offer ? await deps.offer.offered(db, merchant.id, byId, feedMarkets) : feedMarkets;
      const main = new Map(markets.map((m) => [m.event_id, m]));
      return events.map((e) => {
        const market = main.get(e.id);
        return { ...eventView(e, settings), mainMarket: market ? marketView(market, e, 'decimal') : null };
      });
    },

    /**
     * An event with its markets, prices shown in the odds format asked for: as the merchant offers them (its
     * margin and suspensions) when one is given, else as the feed sent them.
     */
    async event(eventId: string, format: OddsFormat = 'decimal', merchant?: Pick<Merchant, 'id'>) {
      const event = await repository.event(db, eventId);
      if (!event) throw new AppError('sports_event_not_found', 'eventId');
      const feedMarkets = await repository.eventMarkets(db, eventId);
      const markets =
        merchant && deps.offer
          ? await deps.offer.offered(db, merchant.id, new Map([[event.id, event]]), feedMarkets)
          : feedMarkets;
      return eventPage(event, markets, format);
    },

    eventPage,

    preferences: async (memberId: number) => {
      const p = await betting.memberPreferences(memberId);
      return { oddsFormat: p.oddsFormat, oddsPreference: p.oddsPreference };
    },
    savePreferences: betting.savePreferences,
    place: betting.place,
    resolve: betting.resolve,
    forgetSwitches: betting.forgetSwitches,
    resolveDue: betting.resolveDue,
    myBets: betting.myBets,
    bet: betting.bet,
    async cashOutQuote(member: { id: number; merchant_id: number }, betId: number) {
      const quoted = await betting.cashOutQuote(member, betId);
      if (!quoted.value.ok) throw new AppError(quoted.value.code, 'betId');
      return { value: Number(quoted.value.value), price: quoted.price ?? 0 };
    },
    cashOut: (member: { id: number; merchant_id: number }, betId: number, shown: number) =>
      betting.cashOut(member, betId, shown),
  };
}

export type SportsbookService = ReturnType<typeof sportsbookService>;
