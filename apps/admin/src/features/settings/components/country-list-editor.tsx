import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countries } from '../../../lib/countries.ts';
import { countryNamer } from '../../../lib/country-names.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** Edits a list of ISO 3166-1 alpha-2 codes: the listed countries as removable chips, and a picker to add one. */
export function CountryListEditor({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the interface language
  const nameOf = useMemo(() => countryNamer(currentLocale()), [i18n.language]);
  const options = useMemo(
    () =>
      countries
        .filter(([code]) => !value.includes(code))
        .map(([code]) => ({ code, name: nameOf(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, currentLocale())),
    [value, nameOf],
  );

  function add() {
    if (!choice || value.includes(choice)) return;
    onChange([...value, choice]);
    setChoice('');
  }

  return (
    <fieldset
      className="group"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{t('settings.region.countries')}</legend>
      {value.length === 0 ? (
        <p className="muted">{t('settings.region.noCountries')}</p>
      ) : (
        <ul className="chips" aria-label={t('settings.region.countries')}>
          {value.map((code) => (
            <li key={code} className="chip">
              <span className="chip-code">{code}</span> {nameOf(code)}
              <button
                type="button"
                className="chip-remove"
                aria-label={t('settings.region.remove', { name: nameOf(code) })}
                onClick={() => onChange(value.filter((c) => c !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <div className="inline-field">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-add`}>
            {t('settings.region.addCountry')}
          </label>
          <select
            id={`${id}-add`}
            className="input"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
          >
            <option value="">{t('settings.region.choose')}</option>
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name} ({o.code})
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" disabled={!choice} onClick={add}>
          {t('settings.region.add')}
        </button>
      </div>
    </fieldset>
  );
}
