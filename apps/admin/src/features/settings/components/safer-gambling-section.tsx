import { formatAmount, moneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import type { SaferGamblingSettings } from '@tala/contracts/safer-gambling';
import { defaultSaferGamblingSettings } from '@tala/contracts/safer-gambling';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

const integer = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (n: number) => (Number.isNaN(n) ? '' : n);
type Signals = SaferGamblingSettings['signals'];
const counts = [
  'depositRisePercent',
  'declinedDeposits',
  'nightHours',
  'chasePercent',
  'cancelledWithdrawals',
] as const;
const amounts = ['depositRiseMinimum', 'bigLoss'] as const;

/** Reality checks' default interval and the thresholds of the safer-gambling signal rules (issue 18). */
export function SaferGamblingSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const settings = draft.saferGambling ?? defaultSaferGamblingSettings;
  const exponent = moneyDisplay(draft.whitelabel).currencyExponent;
  const [texts, setTexts] = useState<Record<(typeof amounts)[number], string>>({
    depositRiseMinimum: formatAmount(settings.signals.depositRiseMinimum, {
      exponent,
      displayDecimals: exponent,
    }),
    bigLoss: formatAmount(settings.signals.bigLoss, { exponent, displayDecimals: exponent }),
  });
  const set = (patch: Partial<SaferGamblingSettings>) =>
    update((d) => ({
      ...d,
      saferGambling: { ...(d.saferGambling ?? defaultSaferGamblingSettings), ...patch },
    }));
  const setSignal = (patch: Partial<Signals>) => set({ signals: { ...settings.signals, ...patch } });

  return (
    <Section title={t('saferGambling.settings.title')} help={t('saferGambling.settings.help')}>
      <div className="grid-2">
        <Field
          label={t('saferGambling.settings.realityCheckDefaultMinutes')}
          help={t('saferGambling.settings.realityCheckDefaultMinutesHelp')}
          error={errorFor('saferGambling.realityCheckDefaultMinutes')}
        >
          <input
            className="input"
            type="number"
            min={0}
            max={120}
            value={shown(settings.realityCheckDefaultMinutes)}
            onChange={(event) => set({ realityCheckDefaultMinutes: integer(event.target.value) })}
          />
        </Field>
        {counts.map((key) => (
          <Field
            key={key}
            label={t(`saferGambling.settings.${key}`)}
            error={errorFor(`saferGambling.signals.${key}`)}
          >
            <input
              className="input"
              type="number"
              min={1}
              value={shown(settings.signals[key])}
              onChange={(event) => setSignal({ [key]: integer(event.target.value) })}
            />
          </Field>
        ))}
        {amounts.map((key) => (
          <Field
            key={key}
            label={t(`saferGambling.settings.${key}`, {
              symbol: moneyDisplay(draft.whitelabel).currencySymbol,
            })}
            error={errorFor(`saferGambling.signals.${key}`)}
          >
            <input
              className="input"
              inputMode="decimal"
              value={texts[key]}
              onChange={(event) => {
                setTexts({ ...texts, [key]: event.target.value });
                const minor = parseAmountInput(event.target.value, exponent);
                setSignal({ [key]: typeof minor === 'number' && minor >= 0 ? minor : Number.NaN });
              }}
            />
          </Field>
        ))}
      </div>
    </Section>
  );
}
