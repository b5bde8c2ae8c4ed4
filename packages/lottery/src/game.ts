import { prizeModes as contractPrizeModes, type PrizeModeCode } from '@tala/contracts/lottery';
import {
  combinations as combinationsOf,
  type LineRule,
  makeLines,
  positionStride,
  splitPick,
} from '@tala/contracts/lottery-lines';
import { type Fraction, fraction, mul } from '@tala/slots/fraction';
import type { ByteSource } from '@tala/slots/random';

export type { LineRule };

/**
 * A lottery game as data plus pure functions (docs/decisions/039-lottery.md): how its result is drawn from the
 * provably-fair byte stream, its schedule, and its bet types, each with its win rule, odds per prize mode and stake
 * limits. The server, the browser and the simulations all use these same definitions.
 */

/** The spec's prize modes (§3), as the contracts list them. Each has its own odds table. */
export const prizeModes = contractPrizeModes;
export type PrizeMode = PrizeModeCode;

/** Odds are what one unit of stake returns per hit, stake included, in thousandths: 3_600 means ×3.6. */
export const oddsScale = 1000;
export type OddsTable = Readonly<Record<PrizeMode, number>>;

/** The refusals of a selection, each with its own error code. */
export type SelectionRefusal =
  | 'lottery_pick_fractional'
  | 'lottery_pick_out_of_range'
  | 'lottery_pick_duplicate'
  | 'lottery_pick_count';

export type BetTypeDefinition<R> = {
  /** Stable code, e.g. `lo2`; bets record it. */
  code: string;
  /** How many numbers one bet may name. */
  picks: { min: number; max: number };
  /** The range of each number, and how many digits it is written with (07, 123). */
  numbers: { min: number; max: number; digits: number };
  /** The lines (combinations) a valid selection makes; each is staked at the bet's stake per line. */
  lines(picks: readonly number[]): number[][];
  /** How many times a line wins on a result (0: lost). A line's payout is stake × odds × hits. */
  hits(line: readonly number[], result: R): number;
  /** The most times one line can win on one draw (the liability of a line is stake × odds × this). */
  maxHits: number;
  /** The exact expected number of hits of one line on a random draw: the return is this × odds. */
  expectedHits: Fraction;
  odds: OddsTable;
  /** Stake per line, minor units. */
  stake: { min: number; max: number };
  /**
   * How the picks make lines, as data the betting page reads too (decision 041); bet types without it say so only
   * through `lines`.
   */
  rule?: LineRule;
  /** Named options (big, small, odd, even; dragon, tiger; colours): the picks are their indexes, 0 to n − 1. */
  options?: readonly string[];
  /** Positions (digits, places): a pick is `position × 100 + value` (`positionStride`), the value in `numbers`. */
  positions?: readonly string[];
  /**
   * Picks whose chances differ (sums, big/small of an uneven sum): each its own expected hits and odds. A bet of such
   * a type names one pick, and its odds are that pick's; `expectedHits` and `odds` are then the best-paying pick's.
   */
  perPick?: readonly PickOdds[];
};

export type PickOdds = { pick: number; expectedHits: Fraction; odds: OddsTable };

export type Schedule = {
  /** One draw every this many seconds, aligned to the Unix epoch (and so to the merchant's midnight). */
  intervalSeconds: number;
  /** The sale closes this many seconds before the draw. */
  closeSeconds: number;
  /**
   * Daily games (decision 042): drawn once a day at this many minutes after the merchant's midnight, in its time
   * zone, instead of every `intervalSeconds` (which is then 86 400).
   */
  dailyMinute?: number;
};

/** Where a game's result comes from: drawn from the committed seed, or entered by operators (four-eyes). */
export type ResultSource = 'seed' | 'operator';

/** The shape of an entered result, tier by tier (Vietnam: special prize first), for the form and its checks. */
export type ResultTier = { name: string; count: number; digits: number };

export type GameDefinition<R> = {
  code: string;
  /** Raised whenever anything that decides outcomes or payouts changes; draws record it. */
  version: number;
  name: string;
  /** The spec's lottery type (§3): VN, SSC, 11X5, K3, PK10, LHC, PCB, LF, CHAIN. */
  family: string;
  schedule: Schedule;
  /**
   * Where each draw's server seed comes from: a fresh random seed per draw (the default), or the next link of a
   * public reverse SHA-256 chain whose terminal hash is published ahead (decision 041, CHAIN).
   */
  seeds?: 'random' | 'hashChain';
  /** The result, drawn from the byte stream; JSON-serialisable (stored and shown as it is). */
  draw(source: ByteSource): R;
  /** Checks a stored result's shape (it comes back from the database as JSON). */
  isResult(value: unknown): value is R;
  /**
   * The result's main row as shown in results lists and trend charts: one string per ball or digit, in order
   * (Vietnam: the special prize's digits).
   */
  balls(result: R): string[];
  betTypes: readonly BetTypeDefinition<R>[];
  /** Absent: 'seed'. An operator game waits for a result entered and approved in the back office. */
  resultSource?: ResultSource;
  /** The result's tiers where it is `{ prizes: string[][] }` (Vietnam): an operator game's form, results' labels. */
  resultTiers?: readonly ResultTier[];
};

/** A game with its result type erased: what the server and the registry handle. */
export type Game = Omit<GameDefinition<unknown>, 'betTypes' | 'balls'> & {
  betTypes: readonly BetType[];
  balls(result: unknown): string[];
};
export type BetType = Omit<BetTypeDefinition<unknown>, 'hits'> & {
  hits(line: readonly number[], result: unknown): number;
};

/** Erases a definition's result type; a result of the wrong shape is an error, never a silent loss. */
export function defineGame<R>(definition: GameDefinition<R>): Game {
  const checked = (result: unknown): R => {
    if (!definition.isResult(result)) throw new TypeError(`not a result of ${definition.code}`);
    return result;
  };
  return {
    ...definition,
    balls: (result: unknown) => definition.balls(checked(result)),
    betTypes: definition.betTypes.map((type) => ({
      ...type,
      hits: (line: readonly number[], result: unknown) => type.hits(line, checked(result)),
    })),
  };
}

/** Checks the numbers a bet names against its type: each refusal has its own code. Answers the lines. */
export function checkSelection(
  type: Pick<BetType, 'picks' | 'numbers' | 'lines' | 'positions' | 'perPick'>,
  picks: readonly unknown[],
): { ok: true; lines: number[][] } | { ok: false; code: SelectionRefusal } {
  if (picks.length < type.picks.min || picks.length > type.picks.max)
    return { ok: false, code: 'lottery_pick_count' };
  const seen = new Set<number>();
  for (const pick of picks) {
    if (typeof pick !== 'number' || !Number.isFinite(pick))
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (!Number.isInteger(pick)) return { ok: false, code: 'lottery_pick_fractional' };
    const { position, value } = type.positions ? splitPick(pick) : { position: 0, value: pick };
    if (pick < 0 && type.positions) return { ok: false, code: 'lottery_pick_out_of_range' };
    if (type.positions && position >= type.positions.length)
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (value < type.numbers.min || value > type.numbers.max)
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (type.perPick && !type.perPick.some((p) => p.pick === pick))
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (seen.has(pick)) return { ok: false, code: 'lottery_pick_duplicate' };
    seen.add(pick);
  }
  const lines = type.lines(picks as number[]);
  // A selection that makes no line (a direct bet with a position left empty) is a count refusal.
  if (lines.length === 0) return { ok: false, code: 'lottery_pick_count' };
  return { ok: true, lines };
}

/** The odds a bet gets in a prize mode: its pick's where picks pay differently, else its type's. */
export function betOdds(
  type: Pick<BetType, 'odds' | 'perPick'>,
  mode: PrizeMode,
  picks: readonly number[],
): number {
  if (!type.perPick) return type.odds[mode];
  const chosen = type.perPick.find((p) => p.pick === picks[0]);
  if (!chosen) throw new RangeError('no odds for this pick');
  return chosen.odds[mode];
}

/** The share of the fair odds each prize mode returns (decision 039). */
export const modeShare: Readonly<Record<PrizeMode, Fraction>> = {
  Lott: fraction(975, 1000),
  ZY: fraction(965, 1000),
  Elott: fraction(970, 1000),
  SEA: fraction(960, 1000),
};

/** Rounds odds (thousandths) down to at most four significant digits: 47_775 → 47_770, 1_950 → 1_950. */
export function roundOddsDown(thousandths: bigint): number {
  let unit = 1n;
  while (thousandths / unit >= 10_000n) unit *= 10n;
  return Number((thousandths / unit) * unit);
}

/**
 * Odds per prize mode for a line expected to hit `expectedHits` times a draw: each mode's share of the fair odds
 * (1 / expected hits), in thousandths, rounded down to four significant digits (decision 041), so the return is at
 * most the share and less than 0.1% of it below.
 */
export function oddsFor(expectedHits: Fraction): OddsTable {
  const table = {} as Record<PrizeMode, number>;
  for (const mode of prizeModes) {
    const fair = mul(modeShare[mode], fraction(expectedHits.d * BigInt(oddsScale), expectedHits.n));
    table[mode] = roundOddsDown(fair.n / fair.d);
  }
  return table;
}

/** The lines of a rule (see @tala/contracts/lottery-lines). */
export const linesBy = (rule: LineRule) => (picks: readonly number[]) => makeLines(rule, picks);
export { positionStride, splitPick };

/** One line's payout in minor units: stake × odds × hits, rounded down to the minor unit. */
export function linePayout(stakePerLine: number, odds: number, hits: number): number {
  if (hits <= 0) return 0;
  return Number((BigInt(stakePerLine) * BigInt(odds) * BigInt(hits)) / BigInt(oddsScale));
}

export type SettledLine = { line: number[]; hits: number; payout: number };

/** What a bet wins on a result: every line's hits and payout, and their total. */
export function settleBet(
  type: Pick<BetType, 'lines' | 'hits'>,
  bet: { picks: readonly number[]; stakePerLine: number; odds: number },
  result: unknown,
): { win: number; lines: SettledLine[] } {
  let win = 0;
  const lines = type.lines(bet.picks).map((line) => {
    const hits = type.hits(line, result);
    const payout = linePayout(bet.stakePerLine, bet.odds, hits);
    win += payout;
    return { line, hits, payout };
  });
  return { win, lines };
}

/** Every k-combination of the values, in order (xiên: each set of k numbers is one line). */
export const combinations = combinationsOf;

/** A number written with the bet type's digits: 7 → "07". */
export function formatNumber(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
