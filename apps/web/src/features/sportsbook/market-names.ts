// Market and outcome names in the member's language: @tala/sports/market-names decides which of the site's texts
// (`sportsbook.marketNames…`, `sportsbook.outcomeNames…`, `sportsbook.fromScore`) names what, the same as in the
// back office's trading pages, from the same tables (@tala/sports/names, put under `sportsbook.` by lib/i18n.ts);
// this binds it to the site's i18next.

import type { NamedLeg, NamedMarket, NameTexts } from '@tala/sports/market-names';
import * as names from '@tala/sports/market-names';
import type { TFunction } from 'i18next';

/** The site's texts under `sportsbook.`, as the naming rules ask for them (keys made at run time: untyped). */
export function sportsbookTexts(t: TFunction): NameTexts {
  const translate = t as unknown as (keys: string[], options: Record<string, string>) => string;
  return (keys, values = {}, fallback) =>
    translate(
      keys.map((key) => `sportsbook.${key}`),
      fallback === undefined ? values : { ...values, defaultValue: fallback },
    );
}

export const marketName = (t: TFunction, market: NamedMarket, sport: string, league: string) =>
  names.marketName(sportsbookTexts(t), market, sport, league);

export const outcomeName = (
  t: TFunction,
  market: NamedMarket,
  outcome: { id: string; name: string },
  competitors: readonly { name: string }[],
) => names.outcomeName(sportsbookTexts(t), market, outcome, competitors);

/** A bet leg's market, named as on the event page. */
export const legMarket = (t: TFunction, leg: NamedLeg) => names.legMarket(sportsbookTexts(t), leg);

/** A bet leg's pick, named as on the event page. */
export const legOutcome = (t: TFunction, leg: NamedLeg) => names.legOutcome(sportsbookTexts(t), leg);
