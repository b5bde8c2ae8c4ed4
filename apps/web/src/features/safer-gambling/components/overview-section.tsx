import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { closeOverlay } from '../../../lib/overlays.ts';

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
      <p>
        <Link to={paths.responsibleGaming} onClick={() => closeOverlay()}>
          {t('saferGambling.overview.readMore')}
        </Link>
      </p>
    </div>
  );
}
