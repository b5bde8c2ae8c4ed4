// What a merchant offers of the feed's markets (issue 15 item 5; decision 059): the feed's prices shortened by the
// merchant's margin for the sport, and the markets and events its operators suspended shown and refused as
// suspended whatever the feed says. The sportsbook reads markets through `offered` wherever a member sees or takes
// a price (the event page, placement, the in-play decision, cash-out), so a margin or a suspension applies in this
// one place.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { EventRow, MarketRow } from './sportsbook.repository.ts';

/** The least decimal price (thousandths) a market may offer. */
export const leastPrice = 1_001;

/**
 * The feed's prices (decimal thousandths) with a margin of `marginBps` basis points of overround added, the book's
 * implied probabilities scaled so their sum rises by exactly the margin before rounding:
 *
 *   overround O = Σ 1/pᵢ over the market's priced outcomes;  pᵢ' = pᵢ · O / (O + m),  m = marginBps / 10 000
 *
 * each implied probability 1/pᵢ grows by its share of the margin (1/pᵢ · m/O), so the favourite is shortened most
 * in absolute terms and the ratio between the prices stays. Computed exactly in integers, rounded down (shorter,
 * never longer than the formula) and never below 1.001. A price of null (an inactive outcome) stays null; a margin
 * of 0 leaves every price as the feed sent it.
 */
export function marginPrices(prices: readonly (number | null)[], marginBps: number): (number | null)[] {
  if (marginBps <= 0) return [...prices];
  const priced = prices.filter((p): p is number => p !== null && p > 0).map(BigInt);
  if (priced.length === 0) return [...prices];
  // O = A / B with B = Π pⱼ and A = Σᵢ 1000 · Π_{j≠i} pⱼ (prices in thousandths: 1/p = 1000/price).
  const product = priced.reduce((a, p) => a * p, 1n);
  const a = priced.reduce((sum, p) => sum + (1_000n * product) / p, 0n);
  const m = BigInt(marginBps);
  return prices.map((p) => {
    if (p === null || p <= 0) return p;
    const shortened = (BigInt(p) * 10_000n * a) / (10_000n * a + m * product);
    return Math.max(leastPrice, Number(shortened));
  });
}

/**
 * The markets as a merchant offers them, from its margins and suspensions already read (`offered` reads them; a
 * placement reads them in its one statement): each priced by the margin of its event's sport, and suspended (since
 * the suspension) where the merchant's operators suspended it or its event (market id 0).
 */
export function applyOffer(
  events: ReadonlyMap<string, Pick<EventRow, 'id' | 'sport'>>,
  markets: readonly MarketRow[],
  margins: readonly { sport: string; marginBps: number }[],
  suspensions: readonly { eventId: string; marketId: number; since: Date }[],
): MarketRow[] {
  const marginOf = new Map(margins.map((r) => [r.sport, r.marginBps]));
  const stopped = new Map(suspensions.map((r) => [`${r.eventId}:${r.marketId}`, r.since]));
  return markets.map((market) => {
    const sport = events.get(market.event_id)?.sport;
    const margin = sport === undefined ? 0 : (marginOf.get(sport) ?? 0);
    const prices = marginPrices(
      market.outcomes.map((o) => (o.active ? o.price : null)),
      margin,
    );
    const outcomes =
      margin === 0
        ? market.outcomes
        : market.outcomes.map((o, i) => (o.active ? { ...o, price: prices[i] ?? null } : o));
    const since = stopped.get(`${market.event_id}:${market.id}`) ?? stopped.get(`${market.event_id}:0`);
    const suspend = since !== undefined && market.status === 'active';
    return {
      ...market,
      outcomes,
      ...(suspend
        ? {
            status: 'suspended' as const,
            suspended_at: market.suspended_at && market.suspended_at > since ? market.suspended_at : since,
          }
        : {}),
    };
  });
}

type Offer = {
  margins: { sport: string; marginBps: number }[];
  suspensions: { eventId: string; marketId: number; since: Date }[];
};

/** A merchant's margins and suspensions: of the sports and events given, or all of them. */
async function readOffer(
  executor: Database,
  merchantId: number,
  only?: { sports: readonly string[]; eventIds: readonly string[] },
): Promise<Offer> {
  const [margins, suspensions] = await Promise.all([
    only?.sports.length === 0
      ? { rows: [] }
      : sql<{ sport: string; margin_bps: number }>`
          SELECT sport, margin_bps FROM sports_margins
           WHERE merchant_id = ${merchantId}${only ? sql` AND sport IN (${sql.join(only.sports)})` : sql``}`.execute(
          executor,
        ),
    sql<{ event_id: string; market_id: string | number; created_at: Date }>`
      SELECT event_id, market_id, created_at FROM sports_suspensions
       WHERE merchant_id = ${merchantId}${only ? sql` AND event_id IN (${sql.join(only.eventIds)})` : sql``}`.execute(
      executor,
    ),
  ]);
  return {
    margins: margins.rows.map((r) => ({ sport: r.sport, marginBps: Number(r.margin_bps) })),
    suspensions: suspensions.rows.map((r) => ({
      eventId: r.event_id,
      marketId: Number(r.market_id),
      since: new Date(r.created_at),
    })),
  };
}

export type TradingOffer = ReturnType<typeof tradingOffer>;

export function tradingOffer() {
  return {
    /**
     * The markets as merchant `merchantId` offers them: each priced by the margin of its event's sport, and
     * suspended (since the suspension) where the merchant's operators suspended it or its event.
     */
    async offered(
      executor: Database,
      merchantId: number,
      events: ReadonlyMap<string, Pick<EventRow, 'id' | 'sport'>>,
      markets: readonly MarketRow[],
    ): Promise<MarketRow[]> {
      if (markets.length === 0) return [];
      const offer = await readOffer(executor, merchantId, {
        sports: [...new Set([...events.values()].map((e) => e.sport))],
        eventIds: [...new Set(markets.map((m) => m.event_id))],
      });
      return applyOffer(events, markets, offer.margins, offer.suspensions);
    },
  };
}

/**
 * `offered` for the push (sports-push.ts), from a copy of each merchant's margins and suspensions kept in memory:
 * read once, read again when the trading desk changes them (the change feed's `sportsOffer`, from any process) or
 * when the relay between processes was down (`all`). A placement never reads through it: it takes the offer in its
 * own statement.
 */
export function offerCache(db: Database, feed: ChangeFeed) {
  const kept = new Map<number, Promise<Offer>>();
  const stop = feed.subscribe((change) => {
    if (change.on === 'sportsOffer') kept.delete(change.merchantId);
    if (change.on === 'all') kept.clear();
  });
  return {
    async offered(
      merchantId: number,
      events: ReadonlyMap<string, Pick<EventRow, 'id' | 'sport'>>,
      markets: readonly MarketRow[],
    ): Promise<MarketRow[]> {
      let offer = kept.get(merchantId);
      if (!offer) {
        const read = readOffer(db, merchantId);
        offer = read;
        kept.set(merchantId, read);
        read.catch(() => kept.get(merchantId) === read && kept.delete(merchantId));
      }
      const { margins, suspensions } = await offer;
      return applyOffer(events, markets, margins, suspensions);
    },
    stop,
  };
}
