import { type Fraction, fraction } from '@tala/slots/fraction';
import type { ByteSource } from '@tala/slots/random';
import { type Card, Shoe } from './cards.ts';

/** Dragon Tiger: one card each (dragon first) from a fresh 8-deck shoe; ace low … king high, suits do not count. */
export type DragonTigerWinner = 'dragon' | 'tiger' | 'tie';
export type DragonTigerResult = { dragon: Card; tiger: Card; winner: DragonTigerWinner };

export const dragonTigerDecks = 8;

export function dealDragonTiger(source: ByteSource): DragonTigerResult {
  const shoe = new Shoe(source, dragonTigerDecks);
  const dragon = shoe.deal();
  const tiger = shoe.deal();
  const winner = dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
  return { dragon, tiger, winner };
}

export const dragonTigerBetTypes = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerBetType = (typeof dragonTigerBetTypes)[number];
export type DragonTigerBet = { type: DragonTigerBetType; stake: bigint };

/**
 * A bet's return, stake included, in minor units: dragon and tiger 1:1, tie 8:1; on a tie dragon and tiger bets
 * lose half (half the stake back, rounded down).
 */
export function dragonTigerReturn(result: DragonTigerResult, bet: DragonTigerBet): bigint {
  if (typeof bet.stake !== 'bigint' || bet.stake <= 0n)
    throw new RangeError('a stake is a positive number of minor units');
  if (bet.type === 'tie') return result.winner === 'tie' ? bet.stake * 9n : 0n;
  if (result.winner === 'tie') return bet.stake / 2n;
  return result.winner === bet.type ? bet.stake * 2n : 0n;
}

export function settleDragonTiger(result: DragonTigerResult, bets: readonly DragonTigerBet[]): bigint[] {
  return bets.map((bet) => dragonTigerReturn(result, bet));
}

/**
 * The exact return per unit staked: the second card has the first's rank with chance (4·decks − 1)/(52·decks − 1);
 * otherwise each side wins half the time. Dragon and tiger are exact for even stakes (the half is rounded down).
 */
export function dragonTigerReturns(decks = dragonTigerDecks): Record<DragonTigerBetType, Fraction> {
  const n = BigInt(52 * decks - 1);
  const tie = BigInt(4 * decks - 1);
  const side = fraction(2n * (n - tie) + tie, 2n * n); // win (n − tie)/2n × 2, tie × ½
  return { dragon: side, tiger: side, tie: fraction(9n * tie, n) };
}
