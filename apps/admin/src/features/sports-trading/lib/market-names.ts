// The trading desk's names of sports, markets and outcomes in the operator's language: @tala/sports/market-names
// decides which text names what, and its tables per language (@tala/sports/names/<language>) word them, the same as on
// the player site; the back office's language files put them under `sportsTrading.` (locales/*-sports-trading.ts).

import type { NamedMarket, NameTexts } from '@tala/sports/market-names';
import * as names from '@tala/sports/market-names';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The back office's texts under `sportsTrading.`, as the naming rules ask for them (keys made at run time). */
export function tradingTexts(t: TFunction): NameTexts {
  const translate = t as unknown as (keys: string[], options: Record<string, string>) => string;
  return (keys, values = {}, fallback) =>
    translate(
      keys.map((key) => `sportsTrading.${key}`),
      fallback === undefined ? values : { ...values, defaultValue: fallback },
    );
}

/** What the desk's rows need to name a market and its outcomes. */
export type TradingMarketRef = NamedMarket & {
  sport: string;
  league: string;
  /** The event's competitors' names, home first. */
  competitors: readonly string[];
};

/** The naming functions bound to the current language. */
export function useTradingNames() {
  const { t } = useTranslation();
  const texts = tradingTexts(t);
  return {
    /** A sport's name (`football` → Football), the feed's id for a sport without a text. */
    sport: (sport: string) => texts([`sports.${sport}`], {}, sport),
    market: (m: TradingMarketRef) => names.marketName(texts, m, m.sport, m.league),
    outcome: (m: TradingMarketRef, outcome: { id: string; name: string }) =>
      names.outcomeName(
        texts,
        m,
        outcome,
        m.competitors.map((name) => ({ name })),
      ),
  };
}

/** A liability row's or a proposal's market as the naming rules read it. */
export function marketRef(m: {
  type?: string;
  marketType?: string;
  specifiers: string;
  marketName: string;
  sport: string;
  league: { name: string };
  competitors: readonly string[];
}): TradingMarketRef {
  return {
    type: m.type ?? m.marketType ?? '',
    specifiers: m.specifiers,
    name: m.marketName,
    sport: m.sport,
    league: m.league.name,
    competitors: m.competitors,
  };
}
