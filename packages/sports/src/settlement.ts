import { add, type Fraction, fraction, mul, sub } from '@tala/slots/fraction';
import { marketTypes, parseLine, parseScore, type Selection } from './markets.ts';
import { isPrice } from './odds-format.ts';
import { compare, equals, floor, fromDecimal, half, one, zero } from './shares.ts';

/**
 * How one selection settled (issue 15 item 3), as the two shares of its stake that matter: the share that wins
 * at the price and the share that is refunded (void). The rest is lost. Every settlement the sportsbook knows is
 * one of these: won {1, 0}, lost {0, 0}, void {0, 1}, half won {½, ½}, half lost {0, ½}, a dead heat {f, 0}.
 */
export type LegResult = { readonly win: Fraction; readonly voided: Fraction };

export const won: LegResult = { win: one, voided: zero };
export const lost: LegResult = { win: zero, voided: zero };
export const voided: LegResult = { win: zero, voided: one };
export const halfWon: LegResult = { win: half, voided: half };
export const halfLost: LegResult = { win: zero, voided: half };
export const deadHeat = (factor: Fraction): LegResult => ({ win: factor, voided: zero });

export type ResultLabel = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' | 'dead_heat' | 'partial';

/** The name of a result for the bet record and the member's bet details. */
export function resultLabel(result: LegResult): ResultLabel {
  const { win, voided: refunded } = result;
  if (equals(win, one)) return 'won';
  if (equals(refunded, one)) return 'void';
  if (equals(win, zero) && equals(refunded, zero)) return 'lost';
  if (equals(win, half) && equals(refunded, half)) return 'half_won';
  if (equals(win, zero) && equals(refunded, half)) return 'half_lost';
  if (equals(refunded, zero)) return 'dead_heat';
  return 'partial';
}

/** Whether a result loses the whole stake: such a leg loses its parlay. */
export const isLost = (result: LegResult): boolean => equals(result.win, zero) && equals(result.voided, zero);

/**
 * One outcome's settlement as the feed sends it: result 1 (win) or 0 (lose), a void factor (the refunded share:
 * 0, 0.5 or 1) and a dead-heat factor (the share that wins when competitors tie, e.g. 0.5 or 0.333333).
 */
export type FeedOutcomeSettlement = {
  readonly result: number;
  readonly voidFactor?: number | string | undefined;
  readonly deadHeatFactor?: number | string | undefined;
};

const factorOf = (value: number | string | undefined, fallback: Fraction): Fraction | null => {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  try {
    return fromDecimal(typeof value === 'number' ? value.toFixed(12).replace(/\.?0+$/, '') : value);
  } catch {
    return null;
  }
};

/**
 * The feed's settlement of an outcome as a result: the refunded share is the void factor, the winning share is
 * what is left of the stake times the dead-heat factor when the outcome won, nothing when it lost. Null when the
 * message is malformed (a result other than 0 or 1, a void factor other than 0, ½ or 1, a dead-heat factor
 * outside (0, 1]): the adapter logs and skips it, and no money moves.
 */
export function resultFromFeed(settlement: FeedOutcomeSettlement): LegResult | null {
  if (settlement.result !== 0 && settlement.result !== 1) return null;
  const refund = factorOf(settlement.voidFactor, zero);
  const heat = factorOf(settlement.deadHeatFactor, one);
  if (!refund || !heat) return null;
  if (!(equals(refund, zero) || equals(refund, half) || equals(refund, one))) return null;
  if (equals(heat, zero) || compare(heat, one) > 0) return null;
  const win = settlement.result === 1 ? mul(sub(one, refund), heat) : zero;
  return { win, voided: refund };
}

/**
 * What a settled selection returns, stake included, in minor units:
 *   return = stake × price × win share + stake × void share,
 * computed exactly and rounded down once to the minor unit, so the house keeps less than one minor unit. Prices
 * are decimal odds in thousandths (1.950 → 1950).
 */
export function selectionReturn(stake: bigint, price: number, result: LegResult): bigint {
  checkStakeAndPrice(stake, price);
  return floor(mul(fraction(stake), legFactor(price, result)));
}

/**
 * What one unit staked on a leg returns: price × win share + void share (a void leg 1, a lost one 0). A result
 * whose shares are negative or add up to more than the stake is a bug upstream, never paid.
 */
export function legFactor(price: number, result: LegResult): Fraction {
  if (!isPrice(price)) throw new RangeError(`not a price: ${price}`);
  const { win, voided: refund } = result;
  if (win.n < 0n || refund.n < 0n || compare(add(win, refund), one) > 0)
    throw new RangeError('a result shares at most the whole stake');
  return add(mul(fraction(price, 1000), win), refund);
}

export function checkStakeAndPrice(stake: bigint, price: number): void {
  if (typeof stake !== 'bigint' || stake < 0n) throw new RangeError('a stake is a non-negative bigint');
  if (!isPrice(price)) throw new RangeError(`not a price: ${price}`);
}

export type Score = { readonly home: number; readonly away: number };

function checkScore(score: Score): void {
  for (const goals of [score.home, score.away])
    if (!Number.isSafeInteger(goals) || goals < 0)
      throw new RangeError('a score is two non-negative integers');
}

/**
 * A line bet's result from its margin in quarters (4 × (goals for − goals against) + handicap, or
 * 4 × total − line for an over). A quarter line is half the stake on each neighbouring line (−0.75 is −0.5 and
 * −1): each half wins, pushes or loses on its own. A whole line that ends level pushes (void); a half line cannot.
 */
export function lineResult(marginInQuarters: number): LegResult {
  if (!Number.isSafeInteger(marginInQuarters)) throw new RangeError('a margin is a whole number of quarters');
  if (marginInQuarters % 2 !== 0) {
    const lower = lineResult(marginInQuarters - 1);
    const upper = lineResult(marginInQuarters + 1);
    return { win: mul(add(lower.win, upper.win), half), voided: mul(add(lower.voided, upper.voided), half) };
  }
  if (marginInQuarters > 0) return won;
  if (marginInQuarters === 0) return voided;
  return lost;
}

/** The goals that count for a market that opened in play at `score=h:a`: only those scored after it. */
function countedScore(selection: Selection, score: Score): Score {
  const atOpen = selection.specifiers.score;
  if (atOpen === undefined) return score;
  const base = parseScore(atOpen);
  if (!base) throw new RangeError(`bad score specifier: ${atOpen}`);
  if (score.home < base.home || score.away < base.away)
    throw new RangeError('the final score is below the score the market opened at');
  return { home: score.home - base.home, away: score.away - base.away };
}

function lineOf(selection: Selection, key: 'hcp' | 'total'): number {
  const quarters = parseLine(selection.specifiers[key] ?? '');
  if (quarters === null) throw new RangeError(`bad ${key} specifier`);
  return quarters;
}

/**
 * A selection's result computed from the final score of the period it is on (the match, or map N for an esports
 * market with `map=N`; maps won for map handicaps and totals), so the house can settle when the feed sends only
 * the score. Outrights are settled from standings (`resultFromStandings`). Rules:
 * - 1x2 and correct score: the score as it is; a 2-way match winner that ends level is void;
 * - handicaps (`hcp`, the home side's): home margin + hcp for home, away margin − hcp for away, by `lineResult`;
 * - totals: total − line for over, line − total for under, by `lineResult`;
 * - odd/even on the total (0 is even); both teams to score: yes when each side scored;
 * - an in-play market with a `score` specifier counts only what was scored after that score.
 */
export function resultFromScore(selection: Selection, finalScore: Score): LegResult {
  checkScore(finalScore);
  const type = marketTypes[selection.market];
  if (!type) throw new RangeError(`unknown market: ${selection.market}`);
  const score = countedScore(selection, finalScore);
  const { home, away } = score;
  const outcome = selection.outcome;
  const pick = (wins: boolean): LegResult => (wins ? won : lost);
  switch (selection.market) {
    case '1x2':
      if (outcome === 'home') return pick(home > away);
      if (outcome === 'draw') return pick(home === away);
      if (outcome === 'away') return pick(away > home);
      break;
    case 'match_winner':
      if (home === away) return voided;
      if (outcome === 'home') return pick(home > away);
      if (outcome === 'away') return pick(away > home);
      break;
    case 'asian_handicap':
    case 'map_handicap': {
      const hcp = lineOf(selection, 'hcp');
      if (outcome === 'home') return lineResult(4 * (home - away) + hcp);
      if (outcome === 'away') return lineResult(4 * (away - home) - hcp);
      break;
    }
    case 'over_under':
    case 'map_total': {
      const total = lineOf(selection, 'total');
      if (outcome === 'over') return lineResult(4 * (home + away) - total);
      if (outcome === 'under') return lineResult(total - 4 * (home + away));
      break;
    }
    case 'odd_even':
      if (outcome === 'odd') return pick((home + away) % 2 === 1);
      if (outcome === 'even') return pick((home + away) % 2 === 0);
      break;
    case 'btts':
      if (outcome === 'yes') return pick(home > 0 && away > 0);
      if (outcome === 'no') return pick(home === 0 || away === 0);
      break;
    case 'correct_score': {
      const picked = parseScore(outcome);
      if (picked) return pick(picked.home === home && picked.away === away);
      break;
    }
    case 'outright':
      throw new RangeError('an outright is settled from standings, not a score');
  }
  throw new RangeError(`unknown outcome ${outcome} of ${selection.market}`);
}

/** A finishing position; competitors that tie share it (1, 1, 3: standard competition ranking). */
export type Standing = { readonly competitor: string; readonly position: number };

/**
 * An outright selection's result from the final standings, with dead heats: competitors tied at position p share
 * the places from p to p + tied − 1, and each wins the paid share of them (places paid within that range ÷ tied).
 * Two tied for first in a winner market win ½ each, three tied win ⅓; two tied for third when three places are
 * paid win ½. A competitor missing from the standings lost, unless it is a non-runner (void: it never ran).
 */
export function outrightResult(
  standings: readonly Standing[],
  competitor: string,
  placesPaid = 1,
  nonRunners: readonly string[] = [],
): LegResult {
  if (!Number.isSafeInteger(placesPaid) || placesPaid < 1) throw new RangeError('places paid is at least 1');
  if (nonRunners.includes(competitor)) return voided;
  const mine = standings.find((s) => s.competitor === competitor);
  if (!mine) return lost;
  if (!Number.isSafeInteger(mine.position) || mine.position < 1) throw new RangeError('bad position');
  const tied = standings.filter((s) => s.position === mine.position).length;
  const last = mine.position + tied - 1;
  const paid = Math.max(0, Math.min(placesPaid, last) - mine.position + 1);
  if (paid === 0) return lost;
  return paid === tied ? won : deadHeat(fraction(paid, tied));
}

/** An outright selection's result from the standings, with the places its market pays (`places`, default 1). */
export function resultFromStandings(
  selection: Selection,
  standings: readonly Standing[],
  nonRunners: readonly string[] = [],
): LegResult {
  if (selection.market !== 'outright') throw new RangeError('only outrights are settled from standings');
  const places = selection.specifiers.places;
  return outrightResult(standings, selection.outcome, places === undefined ? 1 : Number(places), nonRunners);
}

/**
 * Whether the feed's bet cancel (a market voided over a time window, e.g. bets taken after a goal the feed saw
 * late, or on an abandoned event) applies to a bet placed at `placedAt`: the window is [start, end), and an open
 * end reaches as far as it goes (no window at all cancels every bet on the market). A cancelled bet is settled
 * as void; a rollback of the cancel restores it to open, through `resettlement` with its previous return.
 */
export function cancelApplies(
  placedAt: number,
  window: { start?: number | null; end?: number | null },
): boolean {
  if (!Number.isFinite(placedAt)) throw new RangeError('a placement time is a number of milliseconds');
  if (window.start != null && placedAt < window.start) return false;
  if (window.end != null && placedAt >= window.end) return false;
  return true;
}

/** A ledger movement a resettlement posts for one bet: take back the old return, pay the new one. */
export type ResettlementEntry = { readonly kind: 'reversal' | 'payout'; readonly amount: bigint };

/**
 * What to post when a settled bet's result is corrected (or rolled back to open: `newReturn` null). Postings are
 * never edited: the old return is reversed by its own entry and the new one paid by another, both stated in full
 * so an auditor sees each. When the return does not change, nothing is posted, so resettling to the same result
 * twice is harmless. `net` is what the member's balance moves by.
 */
export function resettlement(
  previousReturn: bigint,
  newReturn: bigint | null,
): { entries: ResettlementEntry[]; net: bigint } {
  if (previousReturn < 0n || (newReturn !== null && newReturn < 0n)) throw new RangeError('a return is >= 0');
  if (newReturn === previousReturn) return { entries: [], net: 0n };
  const entries: ResettlementEntry[] = [];
  if (previousReturn > 0n) entries.push({ kind: 'reversal', amount: previousReturn });
  if (newReturn !== null && newReturn > 0n) entries.push({ kind: 'payout', amount: newReturn });
  return { entries, net: (newReturn ?? 0n) - previousReturn };
}
