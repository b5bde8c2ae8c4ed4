import { parseSpecifiers } from './markets.ts';

/**
 * Market and outcome names in a reader's language, the same on the player site and in the trading back office. The
 * feed names markets in English (a real feed's market descriptions come per language from a separate endpoint);
 * the apps name the market types they know from their own texts, with the sport's wording where the sport has its
 * own (a puck line, a run line), the line from the market's specifiers and the sides by their team names, and fall
 * back to the feed's name for a type they do not know.
 *
 * This is the language-independent part: which text to look up and with what. The texts are one table per language
 * (`names/<language>.ts`), which each app puts under its own prefix (the site's `sportsbook.`, the back office's
 * `sportsTrading.`), with these keys: `sports.<sport>`, `marketNames.<type>` and `marketNames.<sport>.<type>`
 * (placeholders `hcp`, `total`, `mapnr`, `league`), `outcomeNames.<id>` for every id of `namedOutcomes` (`over` and
 * `under` with `total`), and `fromScore` (`name`, `score`).
 */

/**
 * An app's texts: the first of `keys` (relative to its prefix) that it has, with `values` put in; `fallback` (or
 * the key) when it has none of them.
 */
export type NameTexts = (
  keys: readonly string[],
  values?: Record<string, string>,
  fallback?: string,
) => string;

export type NamedMarket = { type: string; specifiers: string; name: string };

/** Outcome ids named from the app's texts (`outcomeNames.<id>`); home and away are the teams, others the feed's. */
export const namedOutcomes = [
  'draw',
  'over',
  'under',
  'odd',
  'even',
  'yes',
  'no',
  'first',
  'second',
  'other',
] as const;

const fixedOutcomes: readonly string[] = namedOutcomes.filter((id) => id !== 'over' && id !== 'under');

/** A line with its sign, as books print it: +1.5, -0.75 (ASCII minus), 0. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The market's name: `marketNames.<sport>.<type>`, else `marketNames.<type>`, else the feed's. */
export function marketName(texts: NameTexts, market: NamedMarket, sport: string, league: string): string {
  const specifiers = parseSpecifiers(market.specifiers) ?? {};
  const hcp = specifiers.hcp === undefined ? undefined : Number(specifiers.hcp);
  const name = texts(
    [`marketNames.${sport}.${market.type}`, `marketNames.${market.type}`],
    {
      hcp: hcp === undefined || Number.isNaN(hcp) ? '' : signed(hcp),
      total: specifiers.total ?? '',
      mapnr: specifiers.mapnr ?? specifiers.map ?? '',
      league,
    },
    market.name,
  );
  // An in-play market opened at a score counts the goals from then on: say so.
  return specifiers.score ? texts(['fromScore'], { name, score: specifiers.score }) : name;
}

/**
 * An outcome's name: home and away as the teams (with their line on a handicap), over and under with the total, the
 * fixed answers (draw, odd, yes…) from the app's texts; a score or an outright's competitor as the feed names it.
 * `competitors` are the event's, home first.
 */
export function outcomeName(
  texts: NameTexts,
  market: NamedMarket,
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
    return texts([`outcomeNames.${id}`], { total: specifiers.total }, outcome.name);
  if (fixedOutcomes.includes(id)) return texts([`outcomeNames.${id}`], {}, outcome.name);
  return outcome.name;
}

/** A bet's leg as its bet lists it: the event's sport, league and competitors with the market and the pick. */
export type NamedLeg = {
  sport: string;
  league: string;
  competitors: readonly { name: string }[];
  marketType: string;
  specifiers: string;
  marketName: string;
  outcome: string;
  outcomeName: string;
};

const legAsMarket = (leg: NamedLeg): NamedMarket => ({
  type: leg.marketType,
  specifiers: leg.specifiers,
  name: leg.marketName,
});

/** A bet leg's market, named as on the event page. */
export const legMarket = (texts: NameTexts, leg: NamedLeg) =>
  marketName(texts, legAsMarket(leg), leg.sport, leg.league);

/** A bet leg's pick, named as on the event page. */
export const legOutcome = (texts: NameTexts, leg: NamedLeg) =>
  outcomeName(texts, legAsMarket(leg), { id: leg.outcome, name: leg.outcomeName }, leg.competitors);
