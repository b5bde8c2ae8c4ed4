import { MARKET_MINIMUM_AGE, regulatoryMarkets } from '@tala/contracts/kyc';
import { defaultKycSettings, type KycSettings } from '@tala/contracts/merchant-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import { amountFromInput, money } from '../../../lib/money.ts';
import { homeLoginFlag } from '../utils/module-flags.ts';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

/** A number input's value as an integer, or NaN kept as typed so the server names the field. */
function integer(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** Settings saved before the verification settings existed get the defaults. */
const kycOf = (settings: SectionProps['draft']): KycSettings => settings.kyc ?? defaultKycSettings;

export function AccessSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const kyc = kycOf(draft);
  const [threshold, setThreshold] = useState(() => money(kyc.withdrawalThreshold).replaceAll(',', ''));
  return (
    <Section title={t('settings.access.title')} help={t('settings.access.help')}>
      <Switch
        label={t(`settings.modules.${homeLoginFlag}.label`)}
        help={t(`settings.modules.${homeLoginFlag}.help`)}
        checked={draft.modules[homeLoginFlag]}
        onChange={(on) => update((d) => ({ ...d, modules: { ...d.modules, [homeLoginFlag]: on } }))}
        error={errorFor(`modules.${homeLoginFlag}`)}
      />
      <div className="grid-2">
        <Field
          label={t('settings.access.sessionIdleMinutes')}
          help={t('settings.access.sessionIdleHelp')}
          error={errorFor('sessionIdleMinutes')}
        >
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            step={1}
            value={Number.isNaN(draft.sessionIdleMinutes) ? '' : draft.sessionIdleMinutes}
            onChange={(event) => update((d) => ({ ...d, sessionIdleMinutes: integer(event.target.value) }))}
          />
        </Field>
        <Field
          label={t('settings.access.market')}
          help={t('settings.access.marketHelp')}
          error={errorFor('kyc.market')}
        >
          <select
            className="input"
            value={kyc.market}
            onChange={(event) => {
              const market = event.target.value as KycSettings['market'];
              // A market's rules bring their own minimum age (PAGCOR: 21); the operator may only raise it.
              update((d) => ({
                ...d,
                kyc: { ...kycOf(d), market },
                minimumAge: Math.max(d.minimumAge, MARKET_MINIMUM_AGE[market]) as 18 | 21,
              }));
            }}
          >
            {regulatoryMarkets.map((market) => (
              <option key={market} value={market}>
                {t(`settings.access.markets.${market}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('settings.access.minimumAge')}
          help={t('settings.access.minimumAgeHelp')}
          error={errorFor('minimumAge')}
        >
          <select
            className="input"
            value={draft.minimumAge}
            onChange={(event) => update((d) => ({ ...d, minimumAge: Number(event.target.value) as 18 | 21 }))}
          >
            {([18, 21] as const).map((age) => (
              <option key={age} value={age} disabled={age < MARKET_MINIMUM_AGE[kyc.market]}>
                {t('settings.access.age', { age })}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('settings.access.withdrawalThreshold')}
          help={t('settings.access.withdrawalThresholdHelp')}
          error={errorFor('kyc.withdrawalThreshold')}
        >
          <input
            className="input"
            inputMode="decimal"
            value={threshold}
            onChange={(event) => {
              setThreshold(event.target.value);
              const amount = amountFromInput(event.target.value);
              update((d) => ({
                ...d,
                kyc: { ...kycOf(d), withdrawalThreshold: typeof amount === 'number' ? amount : Number.NaN },
              }));
            }}
          />
        </Field>
      </div>
    </Section>
  );
}
