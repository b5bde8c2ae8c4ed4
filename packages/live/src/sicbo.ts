import { type Fraction, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';

/** Sic Bo: three dice, each 1–6 from the round's stream. */
export type SicBoResult = { dice: [number, number, number] };

export function rollSicBo(source: ByteSource): SicBoResult {
  const die = () => uniformBelow(source, 6) + 1;
  return { dice: [die(), die(), die()] };
}

export type SicBoBet =
  | { type: 'small' | 'big' | 'anyTriple'; stake: bigint }
  | { type: 'triple' | 'double' | 'single'; number: number; stake: bigint }
  | { type: 'total'; total: number; stake: bigint }
  | { type: 'combination'; numbers: [number, number]; stake: bigint };
export type SicBoBetType = SicBoBet['type'];

/** Winnings per unit on a total, 4 to 17. */
export const totalPayouts: Readonly<Record<number, number>> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
};

const isDie = (n: unknown) => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/** Throws a RangeError for a bet that is not on the table. */
export function checkSicBoBet(bet: SicBoBet): void {
  if (typeof bet.stake !== 'bigint' || bet.stake <= 0n)
    throw new RangeError('a stake is a positive number of minor units');
  switch (bet.type) {
    case 'small':
    case 'big':
    case 'anyTriple':
      return;
    case 'triple':
    case 'double':
    case 'single':
      if (!isDie(bet.number)) throw new RangeError(`no ${bet.type} on ${bet.number}`);
      return;
    case 'total':
      if (totalPayouts[bet.total] === undefined) throw new RangeError(`no bet on a total of ${bet.total}`);
      return;
    case 'combination': {
      const [a, b] = bet.numbers ?? [];
      if (!isDie(a) || !isDie(b) || a === b)
        throw new RangeError('a combination names two different numbers');
      return;
    }
    default:
      throw new RangeError(`unknown bet type ${(bet as { type: unknown }).type}`);
  }
}

/**
 * Winnings per unit of a bet on these dice, or −1 when it loses: small (4–10) and big (11–17) 1:1, both lose on
 * any triple; a specific triple 180:1; any triple 30:1; a specific double (at least two dice) 10:1; a total at its
 * odds; a single number 1:1, 2:1 or 3:1 by how many dice show it; two different numbers both shown 5:1.
 */
export function sicBoWinnings(dice: readonly number[], bet: SicBoBet): number {
  const count = (n: number) => dice.filter((d) => d === n).length;
  const total = dice.reduce((a, b) => a + b, 0);
  const triple = dice[0] === dice[1] && dice[1] === dice[2];
  switch (bet.type) {
    case 'small':
      return !triple && total >= 4 && total <= 10 ? 1 : -1;
    case 'big':
      return !triple && total >= 11 && total <= 17 ? 1 : -1;
    case 'anyTriple':
      return triple ? 30 : -1;
    case 'triple':
      return count(bet.number) === 3 ? 180 : -1;
    case 'double':
      return count(bet.number) >= 2 ? 10 : -1;
    case 'single':
      return count(bet.number) || -1;
    case 'total':
      return total === bet.total ? totalPayouts[total]! : -1;
    case 'combination':
      return count(bet.numbers[0]) > 0 && count(bet.numbers[1]) > 0 ? 5 : -1;
  }
}

/** A bet's return, stake included, in minor units. */
export function sicBoReturn(result: SicBoResult, bet: SicBoBet): bigint {
  checkSicBoBet(bet);
  const winnings = sicBoWinnings(result.dice, bet);
  return winnings < 0 ? 0n : bet.stake * BigInt(winnings + 1);
}

export function settleSicBo(result: SicBoResult, bets: readonly SicBoBet[]): bigint[] {
  return bets.map((bet) => sicBoReturn(result, bet));
}

/** The exact return of one unit on a bet: its returns summed over the 216 equally likely rolls, over 216. */
export function sicBoBetReturn(bet: SicBoBet): Fraction {
  checkSicBoBet(bet);
  let sum = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) sum += Math.max(0, sicBoWinnings([a, b, c], bet) + 1);
  return fraction(sum, 216);
}

/** One bet of every kind the table offers (every number, total and pair), for the return table and simulations. */
export function everySicBoBet(stake = 1n): SicBoBet[] {
  const bets: SicBoBet[] = [
    { type: 'small', stake },
    { type: 'big', stake },
    { type: 'anyTriple', stake },
  ];
  for (let n = 1; n <= 6; n++)
    for (const type of ['triple', 'double', 'single'] as const) bets.push({ type, number: n, stake });
  for (let total = 4; total <= 17; total++) bets.push({ type: 'total', total, stake });
  for (let a = 1; a <= 6; a++)
    for (let b = a + 1; b <= 6; b++) bets.push({ type: 'combination', numbers: [a, b], stake });
  return bets;
}
