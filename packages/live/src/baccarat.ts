import { type Fraction, fraction } from '@tala/slots/fraction';
import type { ByteSource } from '@tala/slots/random';
import { baccaratTotal, baccaratValue, type Card, Shoe } from './cards.ts';

/**
 * Punto Banco from a fresh 8-deck shoe per round (docs/decisions/052-live-engine.md). Cards are dealt player,
 * banker, player, banker, then the player's third card, then the banker's.
 */
export type Winner = 'player' | 'banker' | 'tie';

export type BaccaratResult = {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: Winner;
  /** Either hand had 8 or 9 on its first two cards. */
  natural: boolean;
  playerPair: boolean;
  bankerPair: boolean;
};

export const baccaratDecks = 8;

/** The player's rule: draw on 0–5, stand on 6–7 (a natural is dealt with before). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's tableau. `playerThird` is the point value (0–9) of the player's third card, or null when the player
 * stood, in which case the banker plays like the player (draws on 0–5).
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** Plays a hand from its cards in dealing order (a shoe or a fixed list), reading only the cards it needs. */
export function playHand(next: () => Card): BaccaratResult {
  const p1 = next();
  const b1 = next();
  const p2 = next();
  const b2 = next();
  const player = [p1, p2];
  const banker = [b1, b2];
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(baccaratTotal(player))) {
      const card = next();
      player.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(baccaratTotal(banker), playerThird)) banker.push(next());
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    natural,
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
  };
}

/** A round: a fresh 8-deck shoe shuffled from the round's stream. */
export function dealBaccarat(source: ByteSource): BaccaratResult {
  const shoe = new Shoe(source, baccaratDecks);
  return playHand(() => shoe.deal());
}

export const baccaratBetTypes = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type BaccaratBetType = (typeof baccaratBetTypes)[number];
export type BaccaratBet = { type: BaccaratBetType; stake: bigint };

function checkStake(stake: bigint): void {
  if (typeof stake !== 'bigint' || stake <= 0n)
    throw new RangeError('a stake is a positive number of minor units');
}

/**
 * What one bet returns, stake included, in minor units (0 when lost). Player 1:1; banker 1:1 less 5% commission
 * on the win, rounded down; tie 8:1; pairs 11:1; on a tie player and banker bets are returned.
 */
export function betReturn(result: BaccaratResult, bet: BaccaratBet): bigint {
  checkStake(bet.stake);
  const { stake } = bet;
  switch (bet.type) {
    case 'player':
      if (result.winner === 'tie') return stake;
      return result.winner === 'player' ? stake * 2n : 0n;
    case 'banker':
      if (result.winner === 'tie') return stake;
      return result.winner === 'banker' ? stake + (stake * 95n) / 100n : 0n;
    case 'tie':
      return result.winner === 'tie' ? stake * 9n : 0n;
    case 'playerPair':
      return result.playerPair ? stake * 12n : 0n;
    case 'bankerPair':
      return result.bankerPair ? stake * 12n : 0n;
  }
}

/** Settles a round's bets: per bet, its return. */
export function settle(result: BaccaratResult, bets: readonly BaccaratBet[]): bigint[] {
  return bets.map((bet) => betReturn(result, bet));
}

/**
 * Ordered deals of six cards (the most a round uses) from a `decks`-deck shoe, counted by who wins: every
 * first-four-card deal by point value (ten classes: 0 holds the tens and court cards), then the third cards,
 * weighted by how many cards of each class remain. A hand that stops early counts once per possible rest.
 */
export function baccaratOutcomeCounts(decks = baccaratDecks): {
  player: bigint;
  banker: bigint;
  tie: bigint;
  total: bigint;
} {
  const counts = Array.from({ length: 10 }, (_, v) => (v === 0 ? 16 : 4) * decks);
  const n = 52 * decks;
  const sums = { player: 0n, banker: 0n, tie: 0n };
  const take = (v: number) => counts[v]!--;
  const put = (v: number) => counts[v]!++;
  for (let p1 = 0; p1 < 10; p1++) {
    const w1 = take(p1);
    for (let b1 = 0; b1 < 10; b1++) {
      const w2 = take(b1);
      for (let p2 = 0; p2 < 10; p2++) {
        const w3 = take(p2);
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = take(b2);
          const outcome = [0, 0, 0]; // weights of the remaining two cards: player, banker, tie
          const record = (p: number, b: number, w: number) => {
            outcome[p > b ? 0 : b > p ? 1 : 2]! += w;
          };
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8) record(p, b, (n - 4) * (n - 5));
          else if (!playerDraws(p)) {
            if (!bankerDraws(b, null)) record(p, b, (n - 4) * (n - 5));
            else for (let b3 = 0; b3 < 10; b3++) record(p, (b + b3) % 10, counts[b3]! * (n - 5));
          } else {
            for (let p3 = 0; p3 < 10; p3++) {
              const w5 = take(p3);
              const pt = (p + p3) % 10;
              if (!bankerDraws(b, p3)) record(pt, b, w5 * (n - 5));
              else for (let b3 = 0; b3 < 10; b3++) record(pt, (b + b3) % 10, w5 * counts[b3]!);
              put(p3);
            }
          }
          const w = BigInt(w1 * w2 * w3 * w4);
          sums.player += w * BigInt(outcome[0]!);
          sums.banker += w * BigInt(outcome[1]!);
          sums.tie += w * BigInt(outcome[2]!);
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  let total = 1n;
  for (let i = 0; i < 6; i++) total *= BigInt(n - i);
  return { ...sums, total };
}

/**
 * The exact return of one unit staked on each bet type (1 = fair). The banker's is exact for stakes that are a
 * multiple of 20 minor units; other stakes lose the commission's rounding too. A pair is two cards of the same
 * rank: the second card matches the first with chance (4·decks − 1)/(52·decks − 1).
 */
export function baccaratReturns(decks = baccaratDecks): Record<BaccaratBetType, Fraction> {
  const { player, banker, tie, total } = baccaratOutcomeCounts(decks);
  const pair = fraction(12n * BigInt(4 * decks - 1), BigInt(52 * decks - 1));
  return {
    player: fraction(2n * player + tie, total),
    banker: fraction(39n * banker + 20n * tie, 20n * total),
    tie: fraction(9n * tie, total),
    playerPair: pair,
    bankerPair: pair,
  };
}
