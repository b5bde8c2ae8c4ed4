import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { amountFromInput } from '../../../lib/money.ts';
import type { PromotionBody } from '../api/promotions.ts';

type ReferralRules = NonNullable<PromotionBody['rules']['referral']>;
/** The referral rules as typed: amounts in major units, counts as digits. */
export type ReferralInputs = Record<keyof ReferralRules, string>;

const major = (minor: number) => (minor / 100).toFixed(2);
const amountKeys = ['minFirstDeposit', 'minTurnover', 'referrerReward', 'friendReward'] as const;

export const defaultReferral: ReferralRules = {
  minFirstDeposit: 20_000,
  minTurnover: 0,
  withinDays: 30,
  referrerReward: 10_000,
  friendReward: 0,
  maxFriends: 0,
};

export function referralInputs(rules: ReferralRules | null): ReferralInputs {
  const r = rules ?? defaultReferral;
  return {
    minFirstDeposit: major(r.minFirstDeposit),
    minTurnover: major(r.minTurnover),
    referrerReward: major(r.referrerReward),
    friendReward: major(r.friendReward),
    withinDays: String(r.withinDays),
    maxFriends: String(r.maxFriends),
  };
}

/** The rules to send (the server checks them again and names a wrong field). */
export function referralFromInputs(inputs: ReferralInputs): ReferralRules {
  const amount = (key: (typeof amountKeys)[number]) => amountFromInput(inputs[key]) as number;
  return {
    minFirstDeposit: amount('minFirstDeposit'),
    minTurnover: amount('minTurnover'),
    referrerReward: amount('referrerReward'),
    friendReward: amount('friendReward'),
    withinDays: Number(inputs.withinDays),
    maxFriends: Number(inputs.maxFriends),
  };
}

/**
 * A referral promotion's own rules in the builder: when a friend qualifies (first deposit and/or valid bets within
 * some days of registering), what the referrer and the friend get, and how many friends one referrer is paid for.
 */
export function ReferralFields({
  inputs,
  setInputs,
  error,
}: {
  inputs: ReferralInputs;
  setInputs: (inputs: ReferralInputs) => void;
  error: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const field = (key: keyof ReferralInputs, numeric: 'decimal' | 'numeric') => (
    <Field
      key={key}
      label={t(`promotions.referral.${key}`)}
      help={t(`promotions.referral.${key}Help`)}
      error={error(`rules.referral.${key}`)}
    >
      <input
        className="input"
        inputMode={numeric}
        value={inputs[key]}
        onChange={(e) => setInputs({ ...inputs, [key]: e.target.value })}
        required
      />
    </Field>
  );
  return (
    <div className="filters">
      {field('minFirstDeposit', 'decimal')}
      {field('minTurnover', 'decimal')}
      {field('withinDays', 'numeric')}
      {field('referrerReward', 'decimal')}
      {field('friendReward', 'decimal')}
      {field('maxFriends', 'numeric')}
    </div>
  );
}
