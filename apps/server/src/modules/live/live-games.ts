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
import { type Fraction, toNumber } from '@tala/live/fraction';
import { roundSource } from '@tala/live/round';

export type LiveGameRules = {
  /** The spots, with what each pays to one (stake not included) as shown to players. */
  spots: readonly { code: string; pays: string }[];
  /** The round's deal from its committed seed (JSON, stored and shown as it is). */
  deal(serverSeed: string, tableCode: string, roundNo: number): unknown;
  /** What a stake on a spot returns on this result, stake included (0 when lost). */
  returns(result: unknown, spot: string, stake: number): number;
  /** The exact return of each spot (1 = fair). */
  exactReturns(): Record<string, Fraction>;
};

const baccarat: LiveGameRules = {
  spots: [
    { code: 'player', pays: '1:1' },
    { code: 'banker', pays: '0.95:1' },
    { code: 'tie', pays: '8:1' },
    { code: 'playerPair', pays: '11:1' },
    { code: 'bankerPair', pays: '11:1' },
  ],
  deal: (serverSeed, tableCode, roundNo) => dealBaccarat(roundSource(serverSeed, tableCode, roundNo)),
  returns: (result, spot, stake) =>
    Number(
      betReturn(result as BaccaratResult, {
        type: spot as BaccaratBetType,
        stake: BigInt(stake),
      }),
    ),
  exactReturns: () => baccaratReturns(),
};

const rules: Partial<Record<LiveGame, LiveGameRules>> = { baccarat };

export function gameRules(game: LiveGame): LiveGameRules {
  const found = rules[game];
  if (!found) throw new Error(`live game ${game} has no rules`);
  return found;
}

/** Whether a game's rules know this spot. */
export function isSpot(game: LiveGame, spot: string): boolean {
  return gameRules(game).spots.some((s) => s.code === spot);
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

export const baccaratSpots: readonly string[] = baccaratBetTypes;
