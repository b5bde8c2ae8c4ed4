import { checkMarketOpen, type MarketStatus } from './markets.ts';
import { isPrice } from './odds-format.ts';
import { accept, type Checked, refuse } from './reasons.ts';

/**
 * The member's answer to "the odds changed while you were placing the bet" (issue 15 item 2): take no change,
 * take only a better price, or take any price. Checked when the slip is placed and again when an in-play bet's
 * delay ends, against the price the member saw.
 */
export const oddsPreferences = ['none', 'higher', 'any'] as const;
export type OddsPreference = (typeof oddsPreferences)[number];

/**
 * Whether a bet is taken at the current price: 'none' only when it is unchanged, 'higher' when it is unchanged or
 * better for the member, 'any' always. The bet is taken at the current price, never at the one seen: a better
 * price is the member's, and a worse one only with their consent.
 */
export function acceptPrice(preference: OddsPreference, seen: number, now: number): Checked<number> {
  if (!isPrice(seen) || !isPrice(now)) throw new RangeError('prices are decimal odds in thousandths');
  if (now === seen || preference === 'any' || (preference === 'higher' && now > seen)) return accept(now);
  return refuse('sports_odds_changed');
}

export type QuotedLeg = {
  readonly seen: number;
  readonly now: number;
  readonly status: MarketStatus;
  /** Whether the market was suspended at any time during the in-play delay, even if it is active again now. */
  readonly suspendedMeanwhile?: boolean;
};

/**
 * A slip's legs at placement (one for a single, several for a parlay): a suspended market refuses the slip
 * (sports_market_suspended), as does one suspended meanwhile during an in-play delay (the odds the member saw
 * may not have been the odds of the game any more), a closed one too (sports_market_closed), then each leg's
 * price by the preference,
 * leg by leg, so no leg is ever taken at a worse price than seen without consent. The value is the prices taken.
 */
export function acceptSlip(preference: OddsPreference, legs: readonly QuotedLeg[]): Checked<number[]> {
  for (const leg of legs) {
    const open = checkMarketOpen(leg.status);
    if (!open.ok) return open;
    if (leg.suspendedMeanwhile) return refuse('sports_market_suspended');
  }
  const prices: number[] = [];
  for (const leg of legs) {
    const taken = acceptPrice(preference, leg.seen, leg.now);
    if (!taken.ok) return taken;
    prices.push(taken.value);
  }
  return accept(prices);
}
