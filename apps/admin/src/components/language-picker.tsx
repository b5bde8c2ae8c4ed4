import { useTranslation } from 'react-i18next';
import { type AdminLanguage, adminLanguages, changeLanguage, currentLanguage } from '../lib/i18n.ts';

const names: Record<AdminLanguage, string> = { EN: 'English', TY: 'Tagalog' };

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
        onChange={(event) => void changeLanguage(event.target.value as AdminLanguage)}
      >
        {adminLanguages.map((code) => (
          <option key={code} value={code} lang={code === 'TY' ? 'fil' : 'en'}>
            {names[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
