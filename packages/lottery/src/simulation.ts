import crypto from 'node:crypto';
import { toNumber } from '@tala/slots/fraction';
import type { ByteSource } from '@tala/slots/random';
import { drawStreamLabel } from './draw.ts';
import { type BetType, betOdds, checkSelection, type Game, oddsScale, type PrizeMode } from './game.ts';

/**
 * The declared house edge checked by simulation (issue 14, decision 041): a game's real draw function over fresh
 * random seeds, every bet type's sampled lines (every pick where picks pay differently) settled on every draw, the
 * empirical return set against the declared one. Used by the long test (families.simulation.test.ts) and the bench.
 */

export type SimulatedLine = {
  betType: string;
  line: number[];
  declared: number;
  empirical: number;
  /** The standard error of the empirical return. */
  standardError: number;
};

/**
 * Decision 007's round stream (HMAC-SHA256 of `${label}:0:${counter}` keyed by the seed's text) through Node's own
 * HMAC, byte for byte the stream `drawResult` reads (simulation.test.ts checks it), only faster, for a million draws.
 */
export function fastDrawStream(serverSeed: string, label: string): ByteSource {
  let counter = 0;
  const next = () => crypto.createHmac('sha256', serverSeed).update(`${label}:0:${counter}`).digest();
  let block = next();
  let position = 0;
  return {
    nextByte() {
      if (position === block.length) {
        counter += 1;
        block = next();
        position = 0;
      }
      return block[position++] as number;
    },
  };
}

/** Every pick a bet type accepts (values at every position where it has positions). */
export function pickUniverse(type: BetType): number[] {
  if (type.perPick) return type.perPick.map((p) => p.pick);
  const values = Array.from(
    { length: type.numbers.max - type.numbers.min + 1 },
    (_, i) => type.numbers.min + i,
  );
  if (!type.positions) return values;
  return type.positions.flatMap((_, position) => values.map((v) => position * 100 + v));
}

/** A few lines of a bet type, spread over its picks (and positions); for per-pick odds, every pick. */
export function sampleLines(type: BetType, most = 6): { line: number[]; picks: number[] }[] {
  if (type.perPick) return type.perPick.map((p) => ({ line: [p.pick], picks: [p.pick] }));
  const all = pickUniverse(type);
  const groups = type.positions?.length ?? 1;
  const perGroup = Math.max(1, Math.floor(type.picks.max / groups));
  const picks = all.filter((p) => countInGroup(all, p, groups) < perGroup);
  const selection = checkSelection(type, picks);
  if (!selection.ok) throw new Error(`no sample selection for ${type.code}: ${selection.code}`);
  const step = Math.max(1, Math.floor(selection.lines.length / most));
  return selection.lines
    .filter((_, i) => i % step === 0)
    .slice(0, most)
    .map((line) => ({ line, picks }));
}

/** How many picks of the same position come before this one (keeps a selection within the type's maximum). */
function countInGroup(all: number[], pick: number, groups: number): number {
  const group = groups > 1 ? Math.floor(pick / 100) : 0;
  return all.filter((p) => p < pick && (groups > 1 ? Math.floor(p / 100) : 0) === group).length;
}

/** Simulates `draws` draws of a game in a prize mode: every sampled line's empirical and declared return. */
export function simulateGame(game: Game, draws: number, mode: PrizeMode = 'Lott'): SimulatedLine[] {
  const tracked = game.betTypes.flatMap((type) =>
    sampleLines(type).map(({ line, picks }) => ({
      type,
      line,
      odds: betOdds(type, mode, picks),
      expected: type.perPick ? type.perPick.find((p) => p.pick === line[0])!.expectedHits : type.expectedHits,
      sum: 0,
      squares: 0,
    })),
  );
  for (let i = 0; i < draws; i++) {
    const seed = crypto.randomBytes(32).toString('hex');
    const result = game.draw(fastDrawStream(seed, drawStreamLabel(game.code, `20990101-${i % 10_000}`)));
    for (const t of tracked) {
      const hits = t.type.hits(t.line, result);
      t.sum += hits;
      t.squares += hits * hits;
    }
  }
  return tracked.map((t) => {
    const scale = t.odds / oddsScale;
    const p = toNumber(t.expected);
    const mean = t.sum / draws;
    // The variance of one draw's hits: the empirical one, and never below p(1 − p) for a line that hits at most once.
    const variance = Math.max(t.squares / draws - mean * mean, t.type.maxHits === 1 ? p * (1 - p) : 0);
    return {
      betType: t.type.code,
      line: t.line,
      declared: p * scale,
      empirical: mean * scale,
      standardError: Math.sqrt(variance / draws) * scale,
    };
  });
}

/**
 * The games that differ in anything but their pace: the 1, 3 and 5-minute Vietnam games share their draw and bet
 * types, so one of each is simulated.
 */
export function distinctGames(games: readonly Game[]): Game[] {
  const seen = new Set<string>();
  return games.filter((game) => {
    const key = `${game.family}:${JSON.stringify(game.betTypes.map((t) => [t.code, t.odds, t.expectedHits.n.toString(), t.expectedHits.d.toString(), t.maxHits]))}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How many draws the default test run simulates per game; `LOTTERY_SIMULATION_DRAWS=1000000` runs the full check. */
export function simulationDraws(env: Record<string, string | undefined> = process.env): number {
  const asked = Number(env.LOTTERY_SIMULATION_DRAWS);
  return Number.isSafeInteger(asked) && asked > 0 ? asked : 10_000;
}

/** Lines further than this many standard errors from their declared return fail the check (≈ 6 in 10 million). */
export const simulationBound = 5;
