import type { LanguageCode } from '@tala/contracts/language-codes';
import { languageNames } from '@tala/contracts/language-codes';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { changeLanguage, useLanguage } from '../../../lib/i18n.ts';

/** The language picker: the merchant's supported languages, each named in its own language; the choice is kept. */
export function LanguagePicker({ languages }: { languages: readonly LanguageCode[] }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const options = languages.includes(current) ? languages : [current, ...languages];
  return (
    <label className="language-picker">
      <Icon name="globe" size={18} />
      <span className="visually-hidden">{t('common.language')}</span>
      <select
        className="language-picker__select"
        value={current}
        onChange={(event) => void changeLanguage(event.target.value as LanguageCode)}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {languageNames[code]}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="language-picker__chevron" />
    </label>
  );
}
