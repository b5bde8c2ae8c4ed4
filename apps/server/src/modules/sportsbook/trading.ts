// The sportsbook's trading back office (issue 15 item 5; decision 059), per merchant: liability per market and
// outcome, operators' suspensions, margins per sport, members' stake factors and the P&L. Manual settlement with
// four eyes is trading-settlement.ts. Who may call what is checked by the routes' guards (trading.routes.ts) and
// tested per role; every change is audited in the transaction that makes it.
import { dayStart } from '@tala/contracts/calendar';
import type { LiabilityMarket, liabilitySorts, TradingEvent } from '@tala/contracts/sports-trading';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type EventRow, type MarketRow, sportsbookRepository } from './sportsbook.repository.ts';
import type { SportsbookService } from './sportsbook.service.ts';
import { competitorNames, eventName } from './sportsbook-views.ts';
import { type TradingFilters, tradingRepository } from './trading.repository.ts';
import type { TradingOffer } from './trading-offer.ts';
import { tradingSettlement } from './trading-settlement.ts';

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export type TradingDeps = {
  db: Database;
  audit: AuditService;
  sportsbook: SportsbookService;
  offer: TradingOffer;
  /** The read replica (decision 062): the P&L report reads it (a bet settled a moment ago shows a few seconds late). */
  reports?: Database;
};

export function sportsTradingUseCases(deps: TradingDeps) {
  const { db, audit, sportsbook, offer } = deps;
  const book = sportsbookRepository();
  const repo = tradingRepository();

  /**
   * The liability of the merchant's open bets on these markets (every market with one, when none are named): per
   * outcome the stakes and the potential payouts of the bets with a leg on it, and the house's result if it wins:
   * all the market's stakes kept, that outcome's payouts paid. A parlay is counted on each of its open legs with its
   * whole stake and potential return, as if its other legs won: the worst case it can cost.
   */
  async function liability(merchant: Merchant, filters: TradingFilters): Promise<LiabilityMarket[]> {
    const [legs, perMarket] = await Promise.all([
      repo.openLegs(db, merchant.id, filters),
      repo.openMarkets(db, merchant.id, filters),
    ]);
    if (perMarket.length === 0) return [];
    const feedMarkets = await book.marketsById(
      db,
      perMarket.map((m) => m.marketId),
    );
    const events = new Map(
      (await book.eventsById(db, [...new Set(feedMarkets.map((m) => m.event_id))])).map((e) => [e.id, e]),
    );
    const offered = new Map(
      (await offer.offered(db, merchant.id, events, feedMarkets)).map((m) => [m.id, m]),
    );
    const suspended = await suspendedSet(merchant, [...events.keys()]);
    return perMarket.flatMap((totals) => {
      const market = offered.get(totals.marketId);
      const event = market && events.get(market.event_id);
      if (!market || !event) return [];
      const on = legs.filter((l) => l.marketId === market.id);
      const outcomes = market.outcomes.map((o) => {
        const leg = on.find((l) => l.outcome === o.id);
        const payout = leg?.payout ?? 0;
        return {
          id: o.id,
          name: o.name,
          price: o.active ? o.price : null,
          bets: leg?.bets ?? 0,
          stakes: leg?.stakes ?? 0,
          payout,
          net: totals.stakes - payout,
        };
      });
      return [
        {
          marketId: market.id,
          marketName: market.name,
          type: market.market_type,
          specifiers: market.specifiers,
          eventId: event.id,
          eventName: eventName(event),
          competitors: competitorNames(event),
          sport: event.sport,
          league: { id: event.league_id, name: event.league_name },
          startTime: event.start_time.toISOString(),
          status: market.status,
          suspended: suspended(event.id, market.id),
          bets: totals.bets,
          stakes: totals.stakes,
          worstCase: Math.min(totals.stakes, ...outcomes.map((o) => o.net)),
          outcomes,
        },
      ];
    });
  }

  async function suspendedSet(merchant: Merchant, eventIds: string[]) {
    const rows = await repo.suspensions(db, merchant.id, eventIds);
    const keys = new Set(rows.map((r) => `${r.eventId}:${r.marketId}`));
    return (eventId: string, marketId: number) =>
      keys.has(`${eventId}:0`) || keys.has(`${eventId}:${marketId}`);
  }

  async function marketAndEvent(marketId: number): Promise<{ market: MarketRow; event: EventRow }> {
    const market = await book.market(db, marketId);
    if (!market) throw new AppError('sports_market_not_found', 'marketId');
    const event = await book.event(db, market.event_id);
    if (!event) throw new AppError('sports_event_not_found', 'eventId');
    return { market, event };
  }

  async function stopOrResume(
    operator: OperatorActor,
    merchant: Merchant,
    target: { eventId: string; marketId: number },
    stop: boolean,
    reason: string | null,
  ) {
    const changed = await db.transaction().execute(async (trx) => {
      const changed = stop
        ? await repo.suspend(trx, {
            merchantId: merchant.id,
            eventId: target.eventId,
            marketId: target.marketId,
            reason: reason ?? '',
            operatorId: operator.id,
          })
        : await repo.resume(trx, merchant.id, target.eventId, target.marketId);
      if (!changed) return;
      await audit.record(trx, {
        actorType: 'operator',
        actorId: operator.id,
        actorName: operator.name,
        merchantId: merchant.id,
        action: stop ? 'sports.suspend' : 'sports.resume',
        target: target.marketId === 0 ? `sports_event:${target.eventId}` : `sports_market:${target.marketId}`,
        ...(stop ? { after: { reason } } : { before: changed }),
        ip: operator.ip,
      });
      return changed;
    });
    if (changed) {
      // The push's copy of the offer is read again, and the event's watchers see it suspended or open at once.
      changes.publish(db, { on: 'sportsOffer', merchantId: merchant.id });
      changes.publish(db, { on: 'sportsEvent', eventId: target.eventId, what: 'odds' });
    }
    return { suspended: stop };
  }

  const limitsOf = (stakeFactor: number) => ({
    maxSingleStake: Number((sportsbook.settings.single.maxStake * BigInt(stakeFactor)) / 1_000n),
    maxParlayStake: Number((sportsbook.settings.parlay.maxStake * BigInt(stakeFactor)) / 1_000n),
  });

  return {
    settlement: tradingSettlement({ db, audit, sportsbook, repo, book, marketAndEvent }),

    async liability(merchant: Merchant, query: TradingFilters & { sort: (typeof liabilitySorts)[number] }) {
      const list = await liability(merchant, query);
      const by: Record<(typeof liabilitySorts)[number], (a: LiabilityMarket, b: LiabilityMarket) => number> =
        {
          worstCase: (a, b) => a.worstCase - b.worstCase,
          stakes: (a, b) => b.stakes - a.stakes,
          bets: (a, b) => b.bets - a.bets,
          startTime: (a, b) => a.startTime.localeCompare(b.startTime),
        };
      list.sort((a, b) => by[query.sort](a, b) || a.marketId - b.marketId);
      return {
        list,
        totals: {
          bets: list.reduce((n, m) => n + m.bets, 0),
          stakes: list.reduce((n, m) => n + m.stakes, 0),
          worstCase: list.reduce((n, m) => n + Math.min(0, m.worstCase), 0),
        },
      };
    },

    async events(
      merchant: Merchant,
      query: TradingFilters & { status?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repo.events(db, merchant.id, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const list: TradingEvent[] = rows.map((r) => ({
        id: r.id,
        name: eventName({
          kind: r.kind,
          league_name: r.league_name,
          competitors: (typeof r.competitors === 'string'
            ? JSON.parse(r.competitors)
            : r.competitors) as EventRow['competitors'],
        }),
        sport: r.sport,
        league: { id: r.league_id, name: r.league_name },
        startTime: new Date(r.start_time).toISOString(),
        status: r.status,
        bettingStatus: r.betting_status,
        suspended: Boolean(r.suspended),
        markets: Number(r.markets),
        openBets: Number(r.open_bets),
      }));
      return {
        list,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async event(merchant: Merchant, eventId: string) {
      const page = await this.events(merchant, { event: eventId, pageNo: 1, pageSize: 1 });
      const summary = page.list[0];
      if (!summary) throw new AppError('sports_event_not_found', 'eventId');
      const markets = await book.eventMarkets(db, eventId);
      const open = await repo.openBetsByMarket(db, merchant.id, eventId);
      const suspended = await suspendedSet(merchant, [eventId]);
      return {
        ...summary,
        list: markets.map((m) => ({
          id: m.id,
          name: m.name,
          type: m.market_type,
          specifiers: m.specifiers,
          status: m.status,
          suspended: suspended(eventId, m.id),
          openBets: open.get(m.id) ?? 0,
        })),
      };
    },

    /** A market as the desk sees it: its liability (zero without bets), prices before and after the margin. */
    async market(merchant: Merchant, marketId: number) {
      const { market, event } = await marketAndEvent(marketId);
      const [withBets] = await liability(merchant, { event: event.id }).then((l) =>
        l.filter((m) => m.marketId === marketId),
      );
      const [offered] = await offer.offered(db, merchant.id, new Map([[event.id, event]]), [market]);
      const suspensions = await repo.suspensions(db, merchant.id, [event.id]);
      const own =
        suspensions.find((s) => s.marketId === marketId) ?? suspensions.find((s) => s.marketId === 0);
      const margins = await repo.margins(db, merchant.id);
      const row: LiabilityMarket = withBets ?? {
        marketId: market.id,
        marketName: market.name,
        type: market.market_type,
        specifiers: market.specifiers,
        eventId: event.id,
        eventName: eventName(event),
        competitors: competitorNames(event),
        sport: event.sport,
        league: { id: event.league_id, name: event.league_name },
        startTime: event.start_time.toISOString(),
        status: offered?.status ?? market.status,
        suspended: own !== undefined,
        bets: 0,
        stakes: 0,
        worstCase: 0,
        outcomes: (offered ?? market).outcomes.map((o) => ({
          id: o.id,
          name: o.name,
          price: o.active ? o.price : null,
          bets: 0,
          stakes: 0,
          payout: 0,
          net: 0,
        })),
      };
      const proposals = await this.settlement.list(merchant, { marketId, pageNo: 1, pageSize: 50 });
      return {
        market: row,
        feedPrices: market.outcomes.map((o) => ({ id: o.id, price: o.active ? o.price : null })),
        marginBps: margins.get(event.sport) ?? 0,
        eventSuspended: suspensions.some((s) => s.marketId === 0),
        suspensionReason: own?.reason ?? null,
        proposals: proposals.list,
      };
    },

    async suspendMarket(operator: OperatorActor, merchant: Merchant, marketId: number, reason: string) {
      const { market } = await marketAndEvent(marketId);
      return stopOrResume(operator, merchant, { eventId: market.event_id, marketId }, true, reason);
    },
    async resumeMarket(operator: OperatorActor, merchant: Merchant, marketId: number) {
      const { market } = await marketAndEvent(marketId);
      return stopOrResume(operator, merchant, { eventId: market.event_id, marketId }, false, null);
    },
    async suspendEvent(operator: OperatorActor, merchant: Merchant, eventId: string, reason: string) {
      if (!(await book.event(db, eventId))) throw new AppError('sports_event_not_found', 'eventId');
      return stopOrResume(operator, merchant, { eventId, marketId: 0 }, true, reason);
    },
    async resumeEvent(operator: OperatorActor, merchant: Merchant, eventId: string) {
      if (!(await book.event(db, eventId))) throw new AppError('sports_event_not_found', 'eventId');
      return stopOrResume(operator, merchant, { eventId, marketId: 0 }, false, null);
    },

    /** Every sport the feed has events of (and any with a margin set), with the merchant's margin (0: none). */
    async margins(merchant: Merchant) {
      const [sports, margins] = await Promise.all([repo.sports(db), repo.margins(db, merchant.id)]);
      const all = [...new Set([...sports, ...margins.keys()])].sort();
      return { list: all.map((sport) => ({ sport, marginBps: margins.get(sport) ?? 0 })) };
    },

    async saveMargin(operator: OperatorActor, merchant: Merchant, sport: string, marginBps: number) {
      const before = (await repo.margins(db, merchant.id)).get(sport) ?? 0;
      await db.transaction().execute(async (trx) => {
        await repo.saveMargin(trx, merchant.id, sport, marginBps, operator.id);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'sports.margin.save',
          target: `sports_margin:${sport}`,
          before: { marginBps: before },
          after: { marginBps },
          ip: operator.ip,
        });
      });
      changes.publish(db, { on: 'sportsOffer', merchantId: merchant.id });
      return { sport, marginBps };
    },

    async memberLimits(
      merchant: Merchant,
      query: { member?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const { total, rows } = await repo.memberLimits(db, merchant.id, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map((r) => ({ ...r, ...limitsOf(r.stakeFactor) })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async saveMemberLimit(
      operator: OperatorActor,
      merchant: Merchant,
      memberId: number,
      stakeFactor: number,
    ) {
      const found = await repo.memberLimits(db, merchant.id, { memberId }, { limit: 1, offset: 0 });
      const before = found.rows[0];
      if (!before) throw new AppError('not_found', 'memberId');
      await db.transaction().execute(async (trx) => {
        await repo.saveStakeFactor(trx, memberId, stakeFactor);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'sports.member_limit.save',
          target: `member:${memberId}`,
          before: { stakeFactor: before.stakeFactor },
          after: { stakeFactor },
          ip: operator.ip,
        });
      });
      return { ...before, stakeFactor, ...limitsOf(stakeFactor) };
    },

    /** The P&L of settled bets by day (merchant's time zone), sport and league. */
    async report(merchant: Merchant, query: { from: string; to: string; sport?: string | undefined }) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const list = await repo.report(deps.reports ?? db, merchant.id, {
        from: dayStart(query.from, timeZone),
        to: dayStart(nextDay(query.to), timeZone),
        timeZone,
        sport: query.sport,
      });
      const totals = list.reduce(
        (t, r) => ({
          bets: t.bets + r.bets,
          stakes: t.stakes + r.stakes,
          returns: t.returns + r.returns,
          houseWin: t.houseWin + r.houseWin,
        }),
        { bets: 0, stakes: 0, returns: 0, houseWin: 0 },
      );
      return { list, totals, timeZone };
    },
  };
}

export type SportsTradingUseCases = ReturnType<typeof sportsTradingUseCases>;
