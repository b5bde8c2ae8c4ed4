import { CURRENCIES, CURRENCY_CODES, currencyOf } from '@tala/contracts/currencies';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LanguageTabs } from '../../content/components/shared.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';
import { setText, textLanguages } from './site-texts.ts';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Black or white, whichever reads better on a background colour (WCAG relative luminance). */
function textOn(background: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.36 ? '#111111' : '#ffffff';
}

function ColourField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="inline-field colour-field">
      <Field label={label} help={t('settings.brand.colourHelp')} error={error}>
        <input
          className="input input-mono"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={7}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </Field>
      <input
        type="color"
        className="colour-picker"
        aria-label={t('settings.brand.pickColour', { name: label })}
        value={HEX.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function BrandSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const w = draft.whitelabel;
  const set = (change: Partial<typeof w>) =>
    update((d) => ({ ...d, whitelabel: { ...d.whitelabel, ...change } }));
  const safe = (colour: string, fallback: string) => (HEX.test(colour) ? colour : fallback);
  return (
    <Section title={t('settings.brand.title')} help={t('settings.brand.help')}>
      <Field label={t('settings.brand.brandName')} error={errorFor('whitelabel.brandName')}>
        <input
          className="input"
          maxLength={60}
          value={w.brandName}
          onChange={(event) => set({ brandName: event.target.value })}
        />
      </Field>
      <div className="grid-2">
        <ColourField
          label={t('settings.brand.primaryColour')}
          value={w.primaryColour}
          onChange={(primaryColour) => set({ primaryColour })}
          error={errorFor('whitelabel.primaryColour')}
        />
        <ColourField
          label={t('settings.brand.accentColour')}
          value={w.accentColour}
          onChange={(accentColour) => set({ accentColour })}
          error={errorFor('whitelabel.accentColour')}
        />
      </div>
      <div className="grid-2">
        <Field
          label={t('settings.brand.currency')}
          help={t('settings.brand.currencyHelp')}
          error={errorFor('whitelabel.currency')}
        >
          <select
            className="input"
            value={w.currency}
            onChange={(event) => set({ currency: event.target.value })}
          >
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {`${code} — ${CURRENCIES[code].name}`}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('settings.brand.currencySymbol')}
          help={t('settings.brand.currencySymbolHelp', { symbol: currencyOf(w.currency)?.symbol ?? '' })}
          error={errorFor('whitelabel.currencySymbol')}
        >
          <input
            className="input"
            maxLength={4}
            value={w.currencySymbol ?? ''}
            onChange={(event) => set({ currencySymbol: event.target.value.trim() || null })}
          />
        </Field>
      </div>
      <p className="field-help">{t('settings.brand.textsHelp')}</p>
      <LanguageTabs
        languages={textLanguages(draft)}
        value={{ ...w.copyright, ...w.licenceText }}
        error={errorFor('whitelabel.copyright') ?? errorFor('whitelabel.licenceText')}
        render={(language) => (
          <>
            <Field label={t('settings.brand.copyright')} error={errorFor(`whitelabel.copyright.${language}`)}>
              <input
                className="input"
                name={`whitelabel.copyright.${language}`}
                maxLength={200}
                value={w.copyright[language] ?? ''}
                onChange={(event) => set({ copyright: setText(w.copyright, language, event.target.value) })}
              />
            </Field>
            <Field
              label={t('settings.brand.licenceText')}
              error={errorFor(`whitelabel.licenceText.${language}`)}
            >
              <textarea
                className="input"
                name={`whitelabel.licenceText.${language}`}
                rows={3}
                maxLength={2000}
                value={w.licenceText[language] ?? ''}
                onChange={(event) =>
                  set({ licenceText: setText(w.licenceText, language, event.target.value) })
                }
              />
            </Field>
          </>
        )}
      />
      <figure className="brand-preview" aria-label={t('settings.brand.preview')}>
        <div
          className="brand-preview-bar"
          style={{
            background: safe(w.primaryColour, '#555555'),
            color: textOn(safe(w.primaryColour, '#555555')),
          }}
        >
          <span>{w.brandName || '—'}</span>
          <span
            className="brand-preview-button"
            style={{
              background: safe(w.accentColour, '#999999'),
              color: textOn(safe(w.accentColour, '#999999')),
            }}
          >
            {formatMoney(100_000 * 10 ** moneyDisplay(w).currencyExponent, moneyDisplay(w))}
          </span>
        </div>
        <figcaption className="muted">{t('settings.brand.preview')}</figcaption>
      </figure>
    </Section>
  );
}
