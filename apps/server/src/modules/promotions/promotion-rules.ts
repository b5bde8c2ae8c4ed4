import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import { type ClaimPeriod, type PromotionRules, weightOf } from '@tala/contracts/promotions';

/**
 * The promotions' arithmetic, free of the database (property-tested in promotion-rules.test.ts): claim periods, the
 * bonus a deposit earns, the turnover it asks for, the turnover valid bets make, and what a member may take out.
 */

/** The claim period containing an instant, in the merchant's calendar: its key and bounds. */
export function claimPeriodAt(
  per: ClaimPeriod,
  at: Date,
  timeZone: string,
): { key: string; start: Date | null } {
  if (per === 'once') return { key: 'once', start: null };
  const day = dayOf(at, timeZone);
  if (per === 'day') return { key: day, start: dayStart(day, timeZone) };
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return { key: `W${monday}`, start: dayStart(monday, timeZone) };
}

/**
 * A member's birthday window around `at`: from the birthday (in the merchant's calendar; 29 February is the 28th in
 * other years) for `days` days. The window open at `at` if there is one (a window may run into the next year), else
 * the next one; its key (`B<year>`) makes the bonus once a year.
 */
export function birthdayWindow(birthday: string, days: number, at: Date, timeZone: string) {
  const today = dayOf(at, timeZone);
  const year = Number(today.slice(0, 4));
  const dayIn = (y: number) => {
    const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
    const monthDay = birthday.slice(5) === '02-29' && !leap ? '02-28' : birthday.slice(5);
    return `${y}-${monthDay}`;
  };
  const windowOf = (y: number) => {
    const first = dayIn(y);
    const end = addDays(first, days);
    return { key: `B${y}`, first, end, open: first <= today && today < end };
  };
  const windows = [windowOf(year - 1), windowOf(year), windowOf(year + 1)];
  const found =
    windows.find((w) => w.open) ?? (windows.find((w) => w.first > today) as (typeof windows)[number]);
  return {
    key: found.key,
    open: found.open,
    opensAt: dayStart(found.first, timeZone),
    closesAt: dayStart(found.end, timeZone),
  };
}

/** A birthday bonus: the bonus of the highest level the member has reached in the ladder, else the base amount. */
export function birthdayBonus(rules: Pick<PromotionRules, 'maxBonus' | 'levelBonuses'>, vipLevel: number) {
  const reached = rules.levelBonuses.filter((l) => l.level <= vipLevel).sort((a, b) => b.level - a.level);
  return reached[0]?.amount ?? rules.maxBonus;
}

/** The bonus a deposit earns: its share, at most the cap (0 when the deposit is under the minimum). */
export function bonusFor(
  rules: Pick<PromotionRules, 'percent' | 'maxBonus' | 'minDeposit'>,
  deposit: number,
) {
  if (deposit < rules.minDeposit || deposit <= 0) return 0;
  return Math.min(rules.maxBonus, Math.floor((deposit * rules.percent) / 10_000));
}

/** The valid bets needed before the bonus and its deposit may leave. */
export function turnoverFor(
  rules: Pick<PromotionRules, 'turnoverMultiple' | 'turnoverBasis'>,
  bonus: number,
  deposit: number,
) {
  const basis = rules.turnoverBasis === 'bonusDeposit' ? bonus + deposit : bonus;
  return basis * rules.turnoverMultiple;
}

/**
 * What a bonus holds back while its turnover is unmet: the bonus and the deposit that earned it (otherwise the
 * deposit could be withdrawn at once and only the house's money played).
 */
export function heldFor(bonus: number, deposit: number, turnoverRequired: number) {
  return turnoverRequired > 0 ? bonus + deposit : 0;
}

/** The turnover valid bets make: each product's bets at its weight (percent), rounded down. */
export function turnoverOf(weights: PromotionRules['weights'], betsByProduct: Iterable<[string, number]>) {
  let total = 0;
  for (const [product, bet] of betsByProduct) total += Math.floor((bet * weightOf(weights, product)) / 100);
  return total;
}

/** What may leave the main account now: the balance above what active bonuses hold back. */
export function withdrawable(balance: number, held: number) {
  return Math.max(0, balance - held);
}

/** One product's play in a rebate period: stakes (valid bets) and what they won. */
export type ProductPlay = { product: string; bet: number; win: number };

/**
 * A member's rebate for a period: each product's basis (its valid bets, or its net loss when positive) at the
 * product's rate (basis points; absent: the promotion's `percent`), rounded down per product, at most `maxBonus`,
 * and nothing below `minPayout`. Answers the basis it was reckoned on too.
 */
export function rebateFor(
  rules: Pick<PromotionRules, 'percent' | 'maxBonus' | 'minPayout' | 'rebateBasis' | 'rebateRates'>,
  play: Iterable<ProductPlay>,
) {
  let basis = 0;
  let amount = 0;
  for (const { product, bet, win } of play) {
    const base = rules.rebateBasis === 'netLoss' ? Math.max(0, bet - win) : Math.max(0, bet);
    const rate = (rules.rebateRates as Record<string, number | undefined>)[product] ?? rules.percent;
    basis += base;
    amount += Math.floor((base * rate) / 10_000);
  }
  amount = Math.min(amount, rules.maxBonus);
  return { basis, amount: amount >= Math.max(1, rules.minPayout) ? amount : 0 };
}

/** The claim period just before the one containing an instant (a rebate pays the period that closed). */
export function previousPeriod(per: 'day' | 'week', at: Date, timeZone: string) {
  const current = claimPeriodAt(per, at, timeZone);
  const start = current.start as Date;
  const previous = claimPeriodAt(per, new Date(start.getTime() - 1), timeZone);
  return { key: previous.key, start: previous.start as Date, end: start };
}

/**
 * A raffle's prize: `pick` is a uniform integer below the sum of the weights (the caller's random source), so each
 * prize comes up with the chance of its weight.
 */
export function prizeAt(prizes: readonly { amount: number; weight: number }[], pick: number) {
  let rest = pick;
  for (const prize of prizes) {
    if (rest < prize.weight) return prize.amount;
    rest -= prize.weight;
  }
  throw new RangeError('pick is not below the sum of the weights');
}

export const weightOfAll = (prizes: readonly { weight: number }[]) =>
  prizes.reduce((sum, p) => sum + p.weight, 0);
