import { paylines, reelCount, rowCount } from './paylines.ts';
import { type ByteSource, maxRange, uniformBelow } from './random.ts';

/**
 * The 5×3 video slot engine: pure functions from a title's configuration, a bet and a byte source to the outcome
 * of a round. The server, the simulations and the browser verifier all run this same code.
 *
 * A round is one paid spin plus every free spin it leads to. Lines pay left to right, the best win per line;
 * the wild stands in for every regular symbol and pays on its own; scatters pay anywhere, in multiples of the total
 * bet, and three or more award free spins, played on the title's free-spin reels with every win multiplied, and
 * three or more scatters during free spins award more (retrigger). After the paid spin, one more draw decides the
 * progressive jackpot, with a chance proportional to the bet.
 */

export type Text = { EN: string; TY: string };
export type SymbolKind = 'regular' | 'wild' | 'scatter';

export type SymbolConfig = {
  /** One character, as it is written in the reel strips. */
  code: string;
  kind: SymbolKind;
  /** Which drawing the client shows. */
  art: string;
  name: Text;
  /** Line pays by how many of a kind from the leftmost reel, in multiples of the line bet (wild and regular). */
  pays?: Partial<Record<2 | 3 | 4 | 5, number>>;
};

export type TitleConfig = {
  /** The game code in the catalogue (the site opens /games/slot/<code>). */
  code: string;
  /** Raised whenever anything that decides outcomes changes, so an old round is replayed with its own maths. */
  version: number;
  name: Text;
  tagline: Text;
  /** Colours of the title's cabinet in the client. */
  palette: { primary: string; accent: string; reelLight: string; reelDark: string };
  /** How many of the studio's paylines are played (the first n). */
  lines: number;
  symbols: SymbolConfig[];
  /** Five reel strips, one character per stop. */
  reels: string[];
  scatter: {
    /** Scatter pays by how many anywhere, in multiples of the total bet. */
    pays: Partial<Record<number, number>>;
    /** Free spins awarded by how many scatters, in the paid spin and again during free spins. */
    freeSpins: Partial<Record<number, number>>;
  };
  freeSpins: {
    /** Every win in free spins is multiplied by this. */
    multiplier: number;
    /** Five reel strips played during free spins. */
    reels: string[];
  };
  /** The total bets a player may choose, in minor units, smallest first. */
  bets: number[];
  jackpot: {
    /** The share of every bet that funds the progressive pool, in basis points. */
    shareBp: number;
    /** At the largest bet the jackpot falls once in this many paid spins; a smaller bet has a proportionally smaller chance. */
    oneInAtMaxBet: number;
  };
};

/** A safety stop on free spins per round. Reaching it takes ~1000 retriggers in a row: see analysis.ts. */
export const maxFreeSpinsPerRound = 1000;

export type CompiledReels = {
  /** Symbol indices per stop, per reel. */
  strips: Int16Array[];
};

export type CompiledTitle = {
  config: TitleConfig;
  /** Symbol codes by index. */
  codes: string[];
  /** Line pays by symbol index and count (index 0..5). */
  pays: Int32Array[];
  wild: number;
  scatter: number;
  base: CompiledReels;
  free: CompiledReels;
  lines: readonly (readonly number[])[];
  scatterPays: Int32Array;
  scatterAwards: Int32Array;
  maxBet: number;
};

function fail(title: string, message: string): never {
  throw new Error(`slot title ${title}: ${message}`);
}

function compileReels(config: TitleConfig, indexOf: Map<string, number>, reels: string[], which: string) {
  if (reels.length !== reelCount) fail(config.code, `${which} needs ${reelCount} reels`);
  return {
    strips: reels.map((strip, r) => {
      if (strip.length < rowCount || strip.length > 1000)
        fail(config.code, `${which} reel ${r + 1} has ${strip.length} stops`);
      return Int16Array.from(
        [...strip],
        (ch) => indexOf.get(ch) ?? fail(config.code, `unknown symbol ${ch}`),
      );
    }),
  };
}

/** Checks a configuration and turns it into the arrays the engine reads. Throws on any inconsistency. */
export function compileTitle(config: TitleConfig): CompiledTitle {
  const codes = config.symbols.map((s) => s.code);
  const indexOf = new Map(codes.map((c, i) => [c, i]));
  if (indexOf.size !== codes.length || codes.some((c) => c.length !== 1)) fail(config.code, 'symbol codes');
  const wilds = config.symbols.flatMap((s, i) => (s.kind === 'wild' ? [i] : []));
  const scatters = config.symbols.flatMap((s, i) => (s.kind === 'scatter' ? [i] : []));
  if (wilds.length !== 1 || scatters.length !== 1)
    fail(config.code, 'needs exactly one wild and one scatter');
  if (!Number.isInteger(config.lines) || config.lines < 1 || config.lines > paylines.length)
    fail(config.code, 'lines');
  const pays = config.symbols.map((s) => {
    const row = new Int32Array(reelCount + 1);
    for (const [count, pay] of Object.entries(s.pays ?? {})) {
      if (s.kind === 'scatter') fail(config.code, 'scatters pay through scatter.pays');
      if (!Number.isInteger(pay) || pay < 0) fail(config.code, `pay of ${s.code}`);
      row[Number(count)] = pay;
    }
    return row;
  });
  const cells = reelCount * rowCount;
  const scatterPays = new Int32Array(cells + 1);
  const scatterAwards = new Int32Array(cells + 1);
  for (const [count, pay] of Object.entries(config.scatter.pays)) scatterPays[Number(count)] = pay ?? 0;
  for (const [count, spins] of Object.entries(config.scatter.freeSpins))
    scatterAwards[Number(count)] = spins ?? 0;
  if (!Number.isInteger(config.freeSpins.multiplier) || config.freeSpins.multiplier < 1)
    fail(config.code, 'free-spin multiplier');
  if (
    config.bets.length === 0 ||
    config.bets.some(
      (b, i) => !Number.isSafeInteger(b) || b <= 0 || (i > 0 && b <= (config.bets[i - 1] ?? 0)),
    )
  ) {
    fail(config.code, 'bets must be positive integers, smallest first');
  }
  for (const bet of config.bets) {
    // Line wins are whole minor units only if the line bet is; so is the jackpot's share.
    if (bet % config.lines !== 0) fail(config.code, `bet ${bet} is not a multiple of ${config.lines} lines`);
    if ((bet * config.jackpot.shareBp) % 10_000 !== 0)
      fail(config.code, `bet ${bet} gives a fractional share`);
  }
  const maxBet = config.bets[config.bets.length - 1] as number;
  if (
    !Number.isInteger(config.jackpot.oneInAtMaxBet) ||
    config.jackpot.oneInAtMaxBet < 1 ||
    config.jackpot.oneInAtMaxBet * maxBet > maxRange()
  ) {
    fail(config.code, 'jackpot odds');
  }
  if (
    !Number.isInteger(config.jackpot.shareBp) ||
    config.jackpot.shareBp < 0 ||
    config.jackpot.shareBp >= 10_000
  )
    fail(config.code, 'jackpot share');
  return {
    config,
    codes,
    pays,
    wild: wilds[0] as number,
    scatter: scatters[0] as number,
    base: compileReels(config, indexOf, config.reels, 'reels'),
    free: compileReels(config, indexOf, config.freeSpins.reels, 'free-spin reels'),
    lines: paylines.slice(0, config.lines),
    scatterPays,
    scatterAwards,
    maxBet,
  };
}

export type LineResult = { symbol: number; count: number; pay: number };

/**
 * The best pay of one line's five symbols (indices), in multiples of the line bet; `symbol` is -1 when it pays
 * nothing. Written into `out` (reused on the hot path of simulations, so no allocation per line).
 */
export function lineWin(
  title: CompiledTitle,
  symbols: ArrayLike<number>,
  out: LineResult = { symbol: -1, count: 0, pay: 0 },
): LineResult {
  const { wild, scatter, pays } = title;
  let wilds = 0;
  while (wilds < reelCount && symbols[wilds] === wild) wilds++;
  const wildPay = (pays[wild] as Int32Array)[wilds] as number;
  out.symbol = wildPay > 0 ? wild : -1;
  out.count = wildPay > 0 ? wilds : 0;
  out.pay = wildPay;
  if (wilds < reelCount) {
    const target = symbols[wilds] as number;
    if (target !== scatter) {
      let count = wilds + 1;
      while (count < reelCount && (symbols[count] === target || symbols[count] === wild)) count++;
      const pay = (pays[target] as Int32Array)[count] as number;
      // The higher pay wins; on a tie the longer combination (the substituted symbol) is shown.
      if (pay > out.pay || (pay > 0 && pay === out.pay)) {
        out.symbol = target;
        out.count = count;
        out.pay = pay;
      }
    }
  }
  return out;
}

export type LineWinRecord = {
  /** 1-based payline number. */
  line: number;
  symbol: string;
  count: number;
  /** Minor units, multiplier included. */
  amount: number;
};

export type SpinOutcome = {
  /** The strip position shown on the top row, per reel. */
  stops: number[];
  /** The visible window: per reel, the symbol codes top to bottom. */
  grid: string[];
  lineWins: LineWinRecord[];
  scatterCount: number;
  /** Minor units, multiplier included. */
  scatterWin: number;
  freeSpinsAwarded: number;
  multiplier: number;
  /** Everything this spin paid, in minor units. */
  win: number;
};

export type RoundOutcome = {
  title: string;
  version: number;
  bet: number;
  lineBet: number;
  base: SpinOutcome;
  freeSpins: SpinOutcome[];
  /** The jackpot draw of the paid spin fell: the round also wins the whole progressive pool. */
  jackpotHit: boolean;
  /** The line and scatter wins of the round in minor units (the jackpot, if hit, comes on top). */
  win: number;
  /**
   * The stake scale the round was played at (decision 069): present only for a currency whose bets are the title's
   * times this (the dong's 10); every amount above is already multiplied by it.
   */
  scale?: number;
};

/** Evaluates one spin at the given stops. */
export function evaluateSpin(
  title: CompiledTitle,
  reels: CompiledReels,
  stops: readonly number[],
  lineBet: number,
  multiplier: number,
): SpinOutcome {
  const window: number[][] = [];
  let scatterCount = 0;
  for (let r = 0; r < reelCount; r++) {
    const strip = reels.strips[r] as Int16Array;
    const stop = stops[r] as number;
    const column: number[] = [];
    for (let row = 0; row < rowCount; row++) {
      const symbol = strip[(stop + row) % strip.length] as number;
      if (symbol === title.scatter) scatterCount++;
      column.push(symbol);
    }
    window.push(column);
  }
  const lineWins: LineWinRecord[] = [];
  const symbols = [0, 0, 0, 0, 0];
  const result: LineResult = { symbol: -1, count: 0, pay: 0 };
  let win = 0;
  for (let index = 0; index < title.lines.length; index++) {
    const line = title.lines[index] as readonly number[];
    for (let r = 0; r < reelCount; r++) symbols[r] = (window[r] as number[])[line[r] as number] as number;
    lineWin(title, symbols, result);
    if (result.pay > 0) {
      const amount = result.pay * lineBet * multiplier;
      win += amount;
      lineWins.push({
        line: index + 1,
        symbol: title.codes[result.symbol] as string,
        count: result.count,
        amount,
      });
    }
  }
  const totalBet = lineBet * title.config.lines;
  const scatterWin = ((title.scatterPays[scatterCount] as number) ?? 0) * totalBet * multiplier;
  win += scatterWin;
  return {
    stops: [...stops],
    grid: window.map((column) => column.map((s) => title.codes[s]).join('')),
    lineWins,
    scatterCount,
    scatterWin,
    freeSpinsAwarded: (title.scatterAwards[scatterCount] as number) ?? 0,
    multiplier,
    win,
  };
}

function drawStops(reels: CompiledReels, source: ByteSource): number[] {
  return reels.strips.map((strip) => uniformBelow(source, strip.length));
}

/** The jackpot draw: a uniform number below oneIn × maxBet falls under the bet, so the chance is bet / maxBet / oneIn. */
export function jackpotDraw(title: CompiledTitle, bet: number, source: ByteSource): boolean {
  return uniformBelow(source, title.config.jackpot.oneInAtMaxBet * title.maxBet) < bet;
}

export class BetNotAllowed extends Error {
  constructor(readonly bet: unknown) {
    super('bet is not one of the title’s bets');
  }
}

/**
 * Plays one round: draws five stops for the paid spin, then the jackpot draw, then five stops for each free spin
 * in turn, all from `source` in that order.
 */
export function playRound(title: CompiledTitle, bet: number, source: ByteSource): RoundOutcome {
  if (!title.config.bets.includes(bet)) throw new BetNotAllowed(bet);
  const lineBet = bet / title.config.lines;
  const base = evaluateSpin(title, title.base, drawStops(title.base, source), lineBet, 1);
  const jackpotHit = jackpotDraw(title, bet, source);
  const freeSpins: SpinOutcome[] = [];
  let pending = base.freeSpinsAwarded;
  const multiplier = title.config.freeSpins.multiplier;
  while (pending > 0 && freeSpins.length < maxFreeSpinsPerRound) {
    const spin = evaluateSpin(title, title.free, drawStops(title.free, source), lineBet, multiplier);
    freeSpins.push(spin);
    pending += spin.freeSpinsAwarded - 1;
  }
  const win = freeSpins.reduce((sum, spin) => sum + spin.win, base.win);
  return {
    title: title.config.code,
    version: title.config.version,
    bet,
    lineBet,
    base,
    freeSpins,
    jackpotHit,
    win,
  };
}

/** A title's bets in a currency whose stakes are `scale` times the peso's (decision 069). */
export function scaledBets(title: CompiledTitle, scale: number): number[] {
  return title.config.bets.map((bet) => bet * scale);
}

/**
 * A round at a bet of a currency whose stakes are `scale` times the title's (decision 069): the title's own bet
 * (bet / scale) is played from the same stream and every amount multiplied back. Pays are whole multiples of the line
 * bet, so they scale exactly; the jackpot's chance (bet / max bet) is the same at every scale.
 */
export function playScaledRound(
  title: CompiledTitle,
  bet: number,
  source: ByteSource,
  scale: number,
): RoundOutcome {
  if (scale === 1) return playRound(title, bet, source);
  if (!Number.isSafeInteger(scale) || scale < 1 || !Number.isSafeInteger(bet) || bet % scale !== 0)
    throw new BetNotAllowed(bet);
  const outcome = playRound(title, bet / scale, source);
  const spin = (s: SpinOutcome): SpinOutcome => ({
    ...s,
    lineWins: s.lineWins.map((w) => ({ ...w, amount: w.amount * scale })),
    scatterWin: s.scatterWin * scale,
    win: s.win * scale,
  });
  return {
    ...outcome,
    bet,
    lineBet: outcome.lineBet * scale,
    base: spin(outcome.base),
    freeSpins: outcome.freeSpins.map(spin),
    win: outcome.win * scale,
    scale,
  };
}
