import { useTranslation } from 'react-i18next';
import {
  type AdminLanguage,
  adminLanguages,
  changeLanguage,
  currentLanguage,
  languageName,
  languageTag,
} from '../lib/i18n.ts';

/** The interface language, kept in localStorage; API messages follow it through the Language header. */
export function LanguagePicker() {
  const { t } = useTranslation();
  return (
    <label className="compact-field">
      <span className="visually-hidden">{t('topBar.language')}</span>
      <select
        className="input input-compact"
        aria-label={t('topBar.language')}
        value={currentLanguage()}
        // A file that cannot be fetched leaves the current language in place.
        onChange={(event) => void changeLanguage(event.target.value as AdminLanguage).catch(() => undefined)}
      >
        {adminLanguages.map((code) => (
          <option key={code} value={code} lang={languageTag(code)}>
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
