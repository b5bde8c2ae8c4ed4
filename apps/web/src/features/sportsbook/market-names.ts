// Market and outcome names in the member's language. The feed names markets in English (a real feed's market
// descriptions come per language from a separate endpoint); the site names the market types it knows from its own
// texts, with the sport's wording where the sport has its own (a puck line, a run line), the line from the market's
// specifiers and the sides by their team names, and falls back to the feed's name for a type it does not know.
import { parseSpecifiers } from '@tala/sports/markets';
import type { TFunction } from 'i18next';

type Named = { type: string; specifiers: string; name: string };

/** A line with its sign, as books print it: +1.5, −0.75 (ASCII minus), 0. */
function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The market's name: `sportsbook.marketNames.<sport>.<type>`, else `.<type>`, else the feed's. */
export function marketName(t: TFunction, market: Named, sport: string, league: string): string {
  const specifiers = parseSpecifiers(market.specifiers) ?? {};
  const hcp = specifiers.hcp === undefined ? undefined : Number(specifiers.hcp);
  const name = t(
    [`sportsbook.marketNames.${sport}.${market.type}`, `sportsbook.marketNames.${market.type}`],
    {
      defaultValue: market.name,
      hcp: hcp === undefined || Number.isNaN(hcp) ? '' : signed(hcp),
      total: specifiers.total ?? '',
      mapnr: specifiers.mapnr ?? specifiers.map ?? '',
      league,
    },
  );
  // An in-play market opened at a score counts the goals from then on: say so.
  return specifiers.score ? t('sportsbook.fromScore', { name, score: specifiers.score }) : name;
}

const fixedOutcomes = ['draw', 'odd', 'even', 'yes', 'no', 'first', 'second', 'other'] as const;
const isFixed = (id: string): id is (typeof fixedOutcomes)[number] =>
  (fixedOutcomes as readonly string[]).includes(id);

/**
 * An outcome's name: home and away as the teams (with their line on a handicap), over and under with the total, the
 * fixed answers (draw, odd, yes…) from the site's texts; a score or an outright's competitor as the feed names it.
 */
export function outcomeName(
  t: TFunction,
  market: Named,
  outcome: { id: string; name: string },
  competitors: readonly { name: string }[],
): string {
  const specifiers = parseSpecifiers(market.specifiers) ?? {};
  if (outcome.id === 'home' || outcome.id === 'away') {
    const team = competitors[outcome.id === 'home' ? 0 : 1]?.name;
    if (!team) return outcome.name;
    const hcp = specifiers.hcp === undefined ? Number.NaN : Number(specifiers.hcp);
    if (Number.isNaN(hcp)) return team;
    // The feed gives the line from the home side's view: the away side takes the opposite.
    return `${team} ${signed(outcome.id === 'home' ? hcp : -hcp)}`;
  }
  const { id } = outcome;
  if ((id === 'over' || id === 'under') && specifiers.total)
    return t(`sportsbook.outcomeNames.${id}`, { total: specifiers.total });
  if (isFixed(id)) return t(`sportsbook.outcomeNames.${id}`);
  return outcome.name;
}

type Leg = {
  sport: string;
  league: string;
  competitors: readonly { name: string }[];
  marketType: string;
  specifiers: string;
  marketName: string;
  outcome: string;
  outcomeName: string;
};

const legAsMarket = (leg: Leg): Named => ({
  type: leg.marketType,
  specifiers: leg.specifiers,
  name: leg.marketName,
});

/** A bet leg's market, named as on the event page. */
export const legMarket = (t: TFunction, leg: Leg) => marketName(t, legAsMarket(leg), leg.sport, leg.league);

/** A bet leg's pick, named as on the event page. */
export const legOutcome = (t: TFunction, leg: Leg) =>
  outcomeName(t, legAsMarket(leg), { id: leg.outcome, name: leg.outcomeName }, leg.competitors);
