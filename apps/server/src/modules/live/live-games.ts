// The live casino's games as the server uses them: how a round is dealt from its seed, which spots a member may bet
// and what a result returns on them. The rules are packages/live's; this file only adapts them to one shape.
import type { LiveGame } from '@tala/contracts/live';
import {
  type BaccaratBetType,
  type BaccaratResult,
  baccaratBetTypes,
  baccaratReturns,
  betReturn,
  dealBaccarat,
} from '@tala/live/baccarat';
import {
  type DragonTigerBetType,
  type DragonTigerResult,
  dealDragonTiger,
  dragonTigerBetTypes,
  dragonTigerReturn,
  dragonTigerReturns,
} from '@tala/live/dragon-tiger';
import {
  isLegalBet,
  type RouletteBet,
  type RouletteResult,
  roulettePayouts,
  rouletteReturn,
  spinRoulette,
} from '@tala/live/roulette';
import { roundSource } from '@tala/live/round';
import {
  checkSicBoBet,
  everySicBoBet,
  rollSicBo,
  type SicBoBet,
  type SicBoResult,
  sicBoBetReturn,
  sicBoReturn,
} from '@tala/live/sicbo';
import { type Fraction, fraction, toNumber } from '@tala/slots/fraction';

export type LiveGameRules = {
  /** The kinds of spot, with what each pays to one (stake not included) as shown to players. */
  spots: readonly { code: string; pays: string }[];
  /** The round's deal from its committed seed (JSON, stored and shown as it is). */
  deal(serverSeed: string, tableCode: string, roundNo: number): unknown;
  /** Whether a spot code names a bet of this game (see `parseSpot` for its form). */
  isSpot(spot: string): boolean;
  /** What a stake on a spot returns on this result, stake included (0 when lost). */
  returns(result: unknown, spot: string, stake: number): number;
  /** The exact return of each kind of spot (1 = fair; the least of its variants for a kind with several). */
  exactReturns(): Record<string, Fraction>;
};

/**
 * A spot code: the kind, then the numbers it names, joined by dashes (`player`, `straight-17`, `split-17-20`,
 * `dozen-2`, `total-10`, `combination-1-2`). Numbers are whole, ascending, without leading zeros.
 */
export function parseSpot(spot: string): { kind: string; numbers: number[] } | undefined {
  const [kind, ...rest] = spot.split('-');
  if (!kind || !/^[A-Za-z]+$/.test(kind) || rest.some((n) => !/^(0|[1-9]\d{0,2})$/.test(n))) return undefined;
  const numbers = rest.map(Number);
  // One code per bet: its numbers in ascending order (so a limit per spot cannot be passed by reordering them).
  if (numbers.some((n, i) => i > 0 && n <= (numbers[i - 1] as number))) return undefined;
  return { kind, numbers };
}

const big = (stake: number) => BigInt(stake);

const baccarat: LiveGameRules = {
  spots: [
    { code: 'player', pays: '1:1' },
    { code: 'banker', pays: '0.95:1' },
    { code: 'tie', pays: '8:1' },
    { code: 'playerPair', pays: '11:1' },
    { code: 'bankerPair', pays: '11:1' },
  ],
  deal: (serverSeed, tableCode, roundNo) => dealBaccarat(roundSource(serverSeed, tableCode, roundNo)),
  isSpot: (spot) => (baccaratBetTypes as readonly string[]).includes(spot),
  returns: (result, spot, stake) =>
    Number(betReturn(result as BaccaratResult, { type: spot as BaccaratBetType, stake: big(stake) })),
  exactReturns: () => baccaratReturns(),
};

const dragonTiger: LiveGameRules = {
  spots: [
    { code: 'dragon', pays: '1:1' },
    { code: 'tiger', pays: '1:1' },
    { code: 'tie', pays: '8:1' },
  ],
  deal: (serverSeed, tableCode, roundNo) => dealDragonTiger(roundSource(serverSeed, tableCode, roundNo)),
  isSpot: (spot) => (dragonTigerBetTypes as readonly string[]).includes(spot),
  returns: (result, spot, stake) =>
    Number(
      dragonTigerReturn(result as DragonTigerResult, { type: spot as DragonTigerBetType, stake: big(stake) }),
    ),
  exactReturns: () => dragonTigerReturns(),
};

const insideKinds = new Set(['straight', 'split', 'street', 'corner', 'sixLine']);
const evenKinds = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);
function rouletteBet(spot: string, stake: bigint): RouletteBet | undefined {
  const parsed = parseSpot(spot);
  if (!parsed) return undefined;
  const { kind, numbers } = parsed;
  let bet: RouletteBet | undefined;
  if (insideKinds.has(kind)) bet = { type: kind as RouletteBet['type'], numbers, stake } as RouletteBet;
  else if ((kind === 'dozen' || kind === 'column') && numbers.length === 1)
    bet = { type: kind, index: numbers[0] as 1 | 2 | 3, stake };
  else if (evenKinds.has(kind) && numbers.length === 0) bet = { type: kind, stake } as RouletteBet;
  return bet && isLegalBet(bet) ? bet : undefined;
}

const roulette: LiveGameRules = {
  spots: Object.entries(roulettePayouts).map(([code, pays]) => ({ code, pays: `${pays}:1` })),
  deal: (serverSeed, tableCode, roundNo) => spinRoulette(roundSource(serverSeed, tableCode, roundNo)),
  isSpot: (spot) => rouletteBet(spot, 1n) !== undefined,
  returns: (result, spot, stake) => {
    const bet = rouletteBet(spot, big(stake));
    if (!bet) throw new Error(`not a roulette spot: ${spot}`);
    return Number(rouletteReturn(result as RouletteResult, bet));
  },
  exactReturns: () =>
    Object.fromEntries(Object.keys(roulettePayouts).map((kind) => [kind, fraction(36n, 37n)])) as Record<
      string,
      Fraction
    >,
};

function sicBoBet(spot: string, stake: bigint): SicBoBet | undefined {
  const parsed = parseSpot(spot);
  if (!parsed) return undefined;
  const { kind, numbers } = parsed;
  let bet: SicBoBet | undefined;
  if ((kind === 'small' || kind === 'big' || kind === 'anyTriple') && numbers.length === 0)
    bet = { type: kind, stake };
  else if ((kind === 'triple' || kind === 'double' || kind === 'single') && numbers.length === 1)
    bet = { type: kind, number: numbers[0] as number, stake };
  else if (kind === 'total' && numbers.length === 1)
    bet = { type: 'total', total: numbers[0] as number, stake };
  else if (kind === 'combination' && numbers.length === 2)
    bet = { type: 'combination', numbers: [numbers[0] as number, numbers[1] as number], stake };
  if (!bet) return undefined;
  try {
    checkSicBoBet(bet);
    return bet;
  } catch {
    return undefined;
  }
}

const sicboPays: Record<string, string> = {
  small: '1:1',
  big: '1:1',
  anyTriple: '30:1',
  triple: '180:1',
  double: '10:1',
  single: '1:1 to 3:1',
  total: '6:1 to 60:1',
  combination: '5:1',
};

const sicbo: LiveGameRules = {
  spots: Object.entries(sicboPays).map(([code, pays]) => ({ code, pays })),
  deal: (serverSeed, tableCode, roundNo) => rollSicBo(roundSource(serverSeed, tableCode, roundNo)),
  isSpot: (spot) => sicBoBet(spot, 1n) !== undefined,
  returns: (result, spot, stake) => {
    const bet = sicBoBet(spot, big(stake));
    if (!bet) throw new Error(`not a sic bo spot: ${spot}`);
    return Number(sicBoReturn(result as SicBoResult, bet));
  },
  exactReturns: () => {
    const least: Record<string, Fraction> = {};
    for (const bet of everySicBoBet()) {
      const r = sicBoBetReturn(bet);
      const known = least[bet.type];
      if (!known || r.n * known.d < known.n * r.d) least[bet.type] = r;
    }
    return least;
  },
};

const rules: Record<LiveGame, LiveGameRules> = { baccarat, dragon_tiger: dragonTiger, roulette, sicbo };

export function gameRules(game: LiveGame): LiveGameRules {
  return rules[game];
}

/** Whether a game's rules know this spot. */
export function isSpot(game: LiveGame, spot: string): boolean {
  return gameRules(game).isSpot(spot);
}

const returnsShown = new Map<LiveGame, Record<string, string>>();
/** Each spot's declared return in percent with two decimals (computed once per process: it takes a moment). */
export function declaredReturns(game: LiveGame): Record<string, string> {
  let shown = returnsShown.get(game);
  if (!shown) {
    shown = Object.fromEntries(
      Object.entries(gameRules(game).exactReturns()).map(([spot, f]) => [
        spot,
        (Math.floor(toNumber(f) * 10_000) / 100).toFixed(2),
      ]),
    );
    returnsShown.set(game, shown);
  }
  return shown;
}
