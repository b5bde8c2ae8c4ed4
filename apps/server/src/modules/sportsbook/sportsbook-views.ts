// How the sportsbook's rows read to a member: events, markets and bets with prices in the member's odds format.
import type { SportsBet, SportsEvent, SportsMarket } from '@tala/contracts/sportsbook';
import { formatPrice, type OddsFormat } from '@tala/sports/odds-format';
import { resultLabel } from '@tala/sports/settlement';
import type { BetRow, EventRow, LegRow, MarketRow } from './sportsbook.repository.ts';
import { productOfSport, type SportsbookSettings } from './sportsbook-settings.ts';
import { legResult } from './sportsbook-settlement.ts';

export const display = (format: OddsFormat, price: number | null) =>
  price === null ? null : formatPrice(format, price);

export function eventName(event: Pick<EventRow, 'kind' | 'competitors' | 'league_name'>) {
  if (event.kind === 'outright') return event.league_name;
  return event.competitors.map((c) => c.name).join(' vs ');
}

/** The competitors' names, home first (an outright's field is not named here: none). */
export function competitorNames(event: Pick<EventRow, 'kind' | 'competitors'>): string[] {
  return event.kind === 'outright' ? [] : event.competitors.map((c) => c.name);
}

export function eventView(
  event: EventRow & { open_markets?: number },
  settings: SportsbookSettings,
): SportsEvent {
  return {
    id: event.id,
    kind: event.kind,
    sport: event.sport,
    product: productOfSport(settings, event.sport),
    category: event.category,
    league: { id: event.league_id, name: event.league_name },
    competitors: event.competitors,
    startTime: event.start_time.toISOString(),
    status: event.status,
    bettingStatus: event.betting_status,
    inPlay: event.status === 'live',
    score: { home: event.home_score, away: event.away_score },
    state: event.match_state ?? null,
    openMarkets: event.open_markets ?? 0,
  };
}

/** A market as bets see it: a suspended event suspends each of its active markets. */
export function effectiveStatus(market: MarketRow, event: Pick<EventRow, 'status' | 'betting_status'>) {
  if (market.status !== 'active') return market.status;
  if (event.status !== 'not_started' && event.status !== 'live') return 'deactivated' as const;
  return event.betting_status === 'suspended' ? ('suspended' as const) : market.status;
}

export function marketView(market: MarketRow, event: EventRow, format: OddsFormat): SportsMarket {
  return {
    id: market.id,
    type: market.market_type,
    specifiers: market.specifiers,
    name: market.name,
    status: effectiveStatus(market, event),
    priceVersion: market.price_version,
    outcomes: market.outcomes.map((o) => ({
      id: o.id,
      name: o.name,
      price: o.price,
      display: display(format, o.price),
      active: o.active,
    })),
  };
}

export function betView(
  bet: BetRow,
  legs: readonly LegRow[],
  events: Map<string, EventRow>,
  markets: Map<number, MarketRow>,
): SportsBet {
  const format = bet.odds_format as OddsFormat;
  return {
    id: bet.id,
    kind: bet.kind,
    product: bet.product,
    stake: bet.stake,
    potentialReturn: bet.potential_return,
    returned: bet.returned,
    status: bet.status,
    refusalCode: bet.refusal_code,
    oddsPreference: bet.odds_preference,
    acceptAt: bet.status === 'pending' ? (bet.accept_at?.toISOString() ?? null) : null,
    createdAt: bet.created_at.toISOString(),
    settledAt: bet.settled_at?.toISOString() ?? null,
    legs: legs.map((leg) => {
      const event = events.get(leg.event_id);
      const market = markets.get(leg.market_id);
      const result = legResult(leg);
      return {
        eventId: leg.event_id,
        eventName: event ? eventName(event) : leg.event_id,
        sport: event?.sport ?? '',
        league: event?.league_name ?? '',
        competitors: (event?.competitors ?? []).map((c) => ({ name: c.name })),
        marketId: leg.market_id,
        marketType: market?.market_type ?? '',
        specifiers: market?.specifiers ?? '',
        marketName: market?.name ?? '',
        outcome: leg.outcome,
        outcomeName: market?.outcomes.find((o) => o.id === leg.outcome)?.name ?? leg.outcome,
        seenPrice: leg.seen_price,
        price: leg.price,
        display: formatPrice(format, leg.price),
        result: result ? resultLabel(result) : null,
        cancelled: leg.cancelled,
      };
    }),
  };
}
