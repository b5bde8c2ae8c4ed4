import { useTranslation } from 'react-i18next';

/** What the safer-gambling tools are for, in plain words, before the member picks one. */
export function OverviewSection() {
  const { t } = useTranslation();
  return (
    <div className="safer-gambling__overview">
      <p>{t('saferGambling.overview.intro')}</p>
      <ul>
        <li>{t('saferGambling.overview.keepControl')}</li>
        <li>{t('saferGambling.overview.takeBreak')}</li>
        <li>{t('saferGambling.overview.askHelp')}</li>
      </ul>
    </div>
  );
}
