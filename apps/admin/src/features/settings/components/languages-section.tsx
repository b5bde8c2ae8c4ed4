import { type LanguageCode, languageCodes, languageNames } from '@tala/contracts/language-codes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import type { SectionProps } from '../utils/section-props.ts';
import { Section } from './section.tsx';

/** The languages a merchant may offer (spec §1), each named in its own language. */
const siteLanguages: readonly { code: LanguageCode; name: string }[] = languageCodes.map((code) => ({
  code,
  name: languageNames[code],
}));

export function LanguagesSection({ draft, update, errorFor }: SectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const { supportedLanguages, defaultLanguage } = draft.whitelabel;

  function toggle(code: LanguageCode, on: boolean) {
    update((d) => {
      // Keep the document's language order, and a default that is still offered.
      const supported = siteLanguages
        .map((l) => l.code)
        .filter((c) => (c === code ? on : d.whitelabel.supportedLanguages.includes(c)));
      const fallback = supported.includes(d.whitelabel.defaultLanguage)
        ? d.whitelabel.defaultLanguage
        : (supported[0] ?? d.whitelabel.defaultLanguage);
      return {
        ...d,
        whitelabel: { ...d.whitelabel, supportedLanguages: supported, defaultLanguage: fallback },
      };
    });
  }

  const supportedError = errorFor('whitelabel.supportedLanguages');
  return (
    <Section title={t('settings.languages.title')} help={t('settings.languages.help')}>
      <fieldset
        className="group"
        aria-describedby={supportedError ? `${id}-error` : undefined}
        aria-invalid={supportedError ? true : undefined}
      >
        <legend className="field-label">{t('settings.languages.supported')}</legend>
        <div className="checks">
          {siteLanguages.map((language) => {
            const checked = supportedLanguages.includes(language.code);
            return (
              <label key={language.code} className="check">
                <input
                  type="checkbox"
                  checked={checked}
                  // The last language cannot go: a site must offer one.
                  disabled={checked && supportedLanguages.length === 1}
                  onChange={(event) => toggle(language.code, event.target.checked)}
                />
                <span
                  lang={
                    language.code === 'TY'
                      ? 'fil'
                      : language.code === 'CN'
                        ? 'zh'
                        : language.code.toLowerCase()
                  }
                >
                  {language.name}
                </span>
                <span className="muted">{language.code}</span>
              </label>
            );
          })}
        </div>
        {supportedError ? (
          <p className="field-error" id={`${id}-error`}>
            {supportedError}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={t('settings.languages.default')}
        help={t('settings.languages.defaultHelp')}
        error={errorFor('whitelabel.defaultLanguage')}
      >
        <select
          className="input"
          value={defaultLanguage}
          onChange={(event) =>
            update((d) => ({
              ...d,
              whitelabel: { ...d.whitelabel, defaultLanguage: event.target.value as LanguageCode },
            }))
          }
        >
          {siteLanguages
            .filter((l) => supportedLanguages.includes(l.code) || l.code === defaultLanguage)
            .map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
        </select>
      </Field>
    </Section>
  );
}
