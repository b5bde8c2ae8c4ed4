import { type Fraction, fraction, mul } from '@tala/slots/fraction';
import { type BetType, type Game, oddsScale, type PrizeMode, prizeModes } from './game.ts';

/** The exact expected return of one unit staked on a line of this bet type in this prize mode (1 = fair). */
export function betTypeReturn(type: Pick<BetType, 'expectedHits' | 'odds'>, mode: PrizeMode): Fraction {
  return mul(type.expectedHits, fraction(type.odds[mode], oddsScale));
}

/**
 * Every bet type's return in every prize mode (each pick's, where picks pay differently, as `code:pick`): the
 * declared house edge is 1 minus it.
 */
export function gameReturns(game: Game): { betType: string; mode: PrizeMode; rtp: Fraction }[] {
  return game.betTypes.flatMap((type) =>
    (type.perPick ?? [{ pick: undefined, expectedHits: type.expectedHits, odds: type.odds }]).flatMap((p) =>
      prizeModes.map((mode) => ({
        betType: p.pick === undefined ? type.code : `${type.code}:${p.pick}`,
        mode,
        rtp: betTypeReturn(p, mode),
      })),
    ),
  );
}
