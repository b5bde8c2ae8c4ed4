import { defaultLimitSettings, type LimitSettings, moneyLimitKeys } from '@tala/contracts/limits';
import { formatAmount, moneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Switch } from '../../../components/switch.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

type MoneyKey = (typeof moneyLimitKeys)[number];

/** Major units typed by the operator as integer minor units; NaN when unreadable (the server names the field). */
function toMinor(text: string, exponent: number): number {
  const minor = parseAmountInput(text, exponent);
  return typeof minor === 'number' && minor >= 0 ? minor : Number.NaN;
}
const fromMinor = (minor: number, exponent: number) =>
  Number.isNaN(minor) ? '' : formatAmount(minor, { exponent, displayDecimals: exponent });

/** One money maximum, keeping what the operator typed while it still means the draft's amount. */
function MaximumField({
  name,
  value,
  exponent,
  symbol,
  error,
  onChange,
}: {
  name: MoneyKey;
  value: number;
  exponent: number;
  symbol: string;
  error: string | undefined;
  onChange: (minor: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(fromMinor(value, exponent));
  return (
    <Field label={t(`settings.limits.keys.${name}`, { symbol })} error={error}>
      <input
        className="input"
        inputMode="decimal"
        value={Object.is(toMinor(text, exponent), value) ? text : fromMinor(value, exponent)}
        onChange={(event) => {
          setText(event.target.value);
          onChange(toMinor(event.target.value, exponent));
        }}
      />
    </Field>
  );
}

/** Player limits (issue 18 item 1): the highest limit a member may set, and the offer at the first deposit. */
export function LimitsSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  // A document saved before player limits existed has none: the server's defaults apply until it is saved.
  const limits = draft.limits ?? defaultLimitSettings;
  const exponent = moneyDisplay(draft.whitelabel).currencyExponent;
  const set = (patch: Partial<LimitSettings>) =>
    update((d) => ({ ...d, limits: { ...(d.limits ?? defaultLimitSettings), ...patch } }));
  return (
    <Section title={t('settings.limits.title')} help={t('settings.limits.help')}>
      <div className="switch-list">
        <Switch
          label={t('settings.limits.offer')}
          help={t('settings.limits.offerHelp')}
          checked={limits.offerAtRegistration}
          onChange={(offerAtRegistration) => set({ offerAtRegistration })}
          error={errorFor('limits.offerAtRegistration')}
        />
      </div>
      <div className="grid-2">
        {moneyLimitKeys.map((key) => (
          <MaximumField
            key={key}
            name={key}
            value={limits.maximum[key]}
            exponent={exponent}
            symbol={moneyDisplay(draft.whitelabel).currencySymbol}
            error={errorFor(`limits.maximum.${key}`)}
            onChange={(minor) => set({ maximum: { ...limits.maximum, [key]: minor } })}
          />
        ))}
        <Field
          label={t('settings.limits.sessionMinutesMax')}
          help={t('settings.limits.sessionMinutesMaxHelp')}
          error={errorFor('limits.sessionMinutesMax')}
        >
          <input
            className="input"
            type="number"
            min={5}
            max={1440}
            value={Number.isNaN(limits.sessionMinutesMax) ? '' : limits.sessionMinutesMax}
            onChange={(event) =>
              set({
                sessionMinutesMax: event.target.value.trim() === '' ? Number.NaN : Number(event.target.value),
              })
            }
          />
        </Field>
      </div>
    </Section>
  );
}
