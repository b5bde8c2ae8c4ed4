import { prizeModes as contractPrizeModes, type PrizeModeCode } from '@tala/contracts/lottery';
import type { ByteSource } from '@tala/slots/random';
import type { Fraction } from './fraction.ts';

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
};

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
  type: Pick<BetType, 'picks' | 'numbers' | 'lines'>,
  picks: readonly unknown[],
): { ok: true; lines: number[][] } | { ok: false; code: SelectionRefusal } {
  if (picks.length < type.picks.min || picks.length > type.picks.max)
    return { ok: false, code: 'lottery_pick_count' };
  const seen = new Set<number>();
  for (const pick of picks) {
    if (typeof pick !== 'number' || !Number.isFinite(pick))
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (!Number.isInteger(pick)) return { ok: false, code: 'lottery_pick_fractional' };
    if (pick < type.numbers.min || pick > type.numbers.max)
      return { ok: false, code: 'lottery_pick_out_of_range' };
    if (seen.has(pick)) return { ok: false, code: 'lottery_pick_duplicate' };
    seen.add(pick);
  }
  return { ok: true, lines: type.lines(picks as number[]) };
}

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
export function combinations(values: readonly number[], k: number): number[][] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  const current: number[] = [];
  const walk = (start: number) => {
    if (current.length === k) {
      out.push([...current]);
      return;
    }
    for (let i = start; i <= sorted.length - (k - current.length); i++) {
      current.push(sorted[i] as number);
      walk(i + 1);
      current.pop();
    }
  };
  walk(0);
  return out;
}

/** A number written with the bet type's digits: 7 → "07". */
export function formatNumber(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
