/**
 * Why the sportsbook's rules refuse something. Each refusal has its own code so the server can answer it as a 4xx
 * with that code (never a 500) and the bet slip can say what to change; no money moves on any of them.
 */
export const sportsReasons = [
  // amounts
  'sports_invalid_amount',
  'sports_fractional_amount',
  'sports_stake_below_minimum',
  'sports_stake_above_maximum',
  'sports_payout_above_maximum',
  // selections and markets
  'sports_unknown_market',
  'sports_bad_specifier',
  'sports_unknown_outcome',
  'sports_malformed_market',
  'sports_market_suspended',
  'sports_market_closed',
  'sports_odds_changed',
  // parlays
  'sports_same_event_in_parlay',
  'sports_duplicate_selection',
  'sports_parlay_too_few_legs',
  'sports_parlay_too_many_legs',
  // cash-out
  'sports_bet_settled',
  'sports_cashout_not_single',
  'sports_cashout_unavailable',
] as const;
export type SportsReason = (typeof sportsReasons)[number];

/** A rule's answer: the value when it holds, else the reason it does not. */
export type Checked<T = undefined> = { ok: true; value: T } | { ok: false; code: SportsReason };

export const accept = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refuse = <T = never>(code: SportsReason): Checked<T> => ({ ok: false, code });
