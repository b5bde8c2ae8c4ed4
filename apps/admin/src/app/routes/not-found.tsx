import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h1>{t('errors.notFound')}</h1>
      <p>
        <Link to={paths.settings.href()}>{t('errors.backHome')}</Link>
      </p>
    </div>
  );
}
