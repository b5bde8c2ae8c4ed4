import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LanguageTabs } from '../../content/components/shared.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { CountryListEditor } from './country-list-editor.tsx';
import { Section } from './section.tsx';
import { setText, textLanguages } from './site-texts.ts';

type Mode = MerchantSettings['region']['mode'];

export function RegionSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const region = draft.region;
  const set = (change: Partial<typeof region>) =>
    update((d) => ({ ...d, region: { ...d.region, ...change } }));
  const modes: { mode: Mode; label: string }[] = [
    { mode: 'off', label: t('settings.region.modeOff') },
    { mode: 'allow', label: t('settings.region.modeAllow') },
    { mode: 'block', label: t('settings.region.modeBlock') },
  ];
  const countriesError = errorFor('region.countries');
  return (
    <Section title={t('settings.region.title')} help={t('settings.region.help')}>
      <fieldset className="group" aria-describedby={errorFor('region.mode') ? `${id}-mode-error` : undefined}>
        <legend className="field-label">{t('settings.region.mode')}</legend>
        <div className="radios">
          {modes.map(({ mode, label }) => (
            <label key={mode} className="radio">
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={region.mode === mode}
                onChange={() => set({ mode })}
              />
              {label}
            </label>
          ))}
        </div>
        {errorFor('region.mode') ? (
          <p className="field-error" id={`${id}-mode-error`}>
            {errorFor('region.mode')}
          </p>
        ) : null}
      </fieldset>
      <CountryListEditor
        value={region.countries}
        onChange={(countries) => set({ countries })}
        error={
          countriesError && region.mode === 'allow' && region.countries.length === 0
            ? t('settings.region.allowEmpty')
            : countriesError
        }
      />
      <LanguageTabs
        languages={textLanguages(draft)}
        value={region.message}
        error={errorFor('region.message')}
        render={(language) => (
          <Field label={t('settings.region.message')} error={errorFor(`region.message.${language}`)}>
            <textarea
              className="input"
              name={`region.message.${language}`}
              rows={2}
              maxLength={2000}
              value={region.message[language] ?? ''}
              onChange={(event) => set({ message: setText(region.message, language, event.target.value) })}
            />
          </Field>
        )}
      />
    </Section>
  );
}
