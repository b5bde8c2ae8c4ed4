import type { MarketStatus } from './markets.ts';
import { isPrice } from './odds-format.ts';
import { accept, type Checked, refuse } from './reasons.ts';

/**
 * Cash-out on open singles (issue 15 item 2): the house buys the bet back at a fair price, from the selection's
 * current price. A bet placed at P is worth stake × P / C when the selection is now priced C (the market's own
 * view of its chance is 1 / C), and the house keeps a cash-out margin m on top:
 *   value = stake × P / C × (1 − m),
 * computed exactly with the margin in thousandths and rounded down to the minor unit. Since C > 1 the value is
 * always below the bet's potential return. Cash-out is refused on bets that are settled or not singles, on
 * suspended markets (it may come back) and on markets that are closed or have no price.
 */
export type CashOutQuote = {
  readonly stake: bigint;
  readonly placedPrice: number;
  /** The selection's price now; null when the feed offers none. */
  readonly currentPrice: number | null;
  readonly marketStatus: MarketStatus;
  /** Whether the bet itself is still open (not settled, voided or already cashed out). */
  readonly betOpen: boolean;
  /** How many selections the bet has: only singles (1) are cashed out. */
  readonly legs: number;
  /** The house's cash-out margin in thousandths (50: 5%). */
  readonly marginThousandths: number;
};

export function cashOutValue(quote: CashOutQuote): Checked<bigint> {
  const { stake, placedPrice, currentPrice, marginThousandths } = quote;
  if (typeof stake !== 'bigint' || stake <= 0n) throw new RangeError('a stake is a positive bigint');
  if (!isPrice(placedPrice)) throw new RangeError(`not a price: ${placedPrice}`);
  if (!Number.isSafeInteger(marginThousandths) || marginThousandths < 0 || marginThousandths >= 1_000)
    throw new RangeError('a margin is 0 to 999 thousandths');
  if (!quote.betOpen || quote.marketStatus === 'settled') return refuse('sports_bet_settled');
  if (quote.legs !== 1) return refuse('sports_cashout_not_single');
  if (quote.marketStatus === 'suspended') return refuse('sports_market_suspended');
  if (quote.marketStatus !== 'active' || currentPrice === null || !isPrice(currentPrice))
    return refuse('sports_cashout_unavailable');
  const value =
    (stake * BigInt(placedPrice) * BigInt(1_000 - marginThousandths)) / (BigInt(currentPrice) * 1_000n);
  if (value <= 0n) return refuse('sports_cashout_unavailable');
  return accept(value);
}

/**
 * Whether a cash-out the member asked for at a shown value goes through at the value now: yes when it is no
 * lower (the member gets the value now), else sports_odds_changed and the member is shown the new value.
 */
export function acceptCashOut(shown: bigint, now: Checked<bigint>): Checked<bigint> {
  if (!now.ok) return now;
  return now.value >= shown ? now : refuse('sports_odds_changed');
}
