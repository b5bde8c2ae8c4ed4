import { languageCodes, languageNames } from '@tala/contracts/language-codes';
import { useState } from 'react';
import { currentLanguage, htmlLang, type Language, setLanguage, useTranslation } from '../lib/i18n.ts';
import { applyTheme, initialTheme, type Theme } from '../lib/theme.ts';

/** Language and light/dark theme, kept like the site keeps them. */
export function Toolbar() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(
    () => (document.documentElement.dataset.theme as Theme) ?? initialTheme(),
  );
  const next: Theme = theme === 'light' ? 'dark' : 'light';
  return (
    <div className="toolbar">
      <label className="visually-hidden" htmlFor="language">
        {t('language')}
      </label>
      <select
        id="language"
        value={currentLanguage()}
        onChange={(e) => setLanguage(e.target.value as Language)}
      >
        {languageCodes.map((code) => (
          <option key={code} value={code} lang={htmlLang[code]}>
            {languageNames[code]}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-label={`${t('theme')}: ${next === 'dark' ? t('themeDark') : t('themeLight')}`}
        aria-pressed={theme === 'dark'}
        onClick={() => {
          applyTheme(next);
          setTheme(next);
        }}
      >
        {theme === 'light' ? '☾' : '☀'}
      </button>
    </div>
  );
}
