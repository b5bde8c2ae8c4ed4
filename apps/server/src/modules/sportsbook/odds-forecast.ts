// What sports_apply_odds (migration 095) will make of an odds change, worked out from the event's rows as the last
// change left them. The push sends the new prices as the message arrives, beside the write instead of after it (issue
// 15's push budget, decision 058); the write's own answer follows and is sent too wherever it differs.
import { isDeepStrictEqual } from 'node:util';
import type { EventRow, MarketRow, OddsChange } from './sportsbook.repository.ts';

export type EventRows = { event: EventRow; markets: MarketRow[] };

/**
 * The event and markets as sports_apply_odds leaves them after `change`, from `rows` as the function would find
 * them; null where it cannot be known here: a sequence not newer than the rows' (the function refuses it) or a market
 * the event does not have yet (its id comes from the insert). Step by step as the function: the event's betting
 * status and sequence; every active market suspended when the event is; then each market of the message, left alone
 * when settled or cancelled, written (a new price version) when its status or outcomes differ. Times are `now`, the
 * function's own differ by the write's latency. odds-forecast.test.ts holds it to the function's answers.
 */
export function forecastOdds(rows: EventRows, change: OddsChange, now: Date): EventRows | null {
  if (change.eventId !== rows.event.id || change.sequence <= rows.event.odds_sequence) return null;
  const event: EventRow = {
    ...rows.event,
    betting_status: change.bettingStatus,
    odds_sequence: change.sequence,
    updated_at: now,
  };
  const markets = rows.markets.map((m) =>
    change.bettingStatus === 'suspended' && m.status === 'active'
      ? {
          ...m,
          status: 'suspended' as const,
          suspended_at: now,
          price_version: m.price_version + 1,
          updated_at: now,
        }
      : { ...m },
  );
  for (const next of change.markets) {
    const current = markets.find((m) => m.market_type === next.type && m.specifiers === next.specifiers);
    if (!current) return null;
    if (current.status === 'settled' || current.status === 'cancelled') continue;
    if (current.status === next.status && isDeepStrictEqual(current.outcomes, next.outcomes)) continue;
    current.status = next.status;
    current.outcomes = next.outcomes;
    current.name = next.name;
    if (next.status === 'suspended') current.suspended_at = now;
    current.price_version += 1;
    current.updated_at = now;
  }
  return { event, markets };
}
