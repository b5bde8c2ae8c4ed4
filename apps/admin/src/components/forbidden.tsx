import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';

/** What a page says to a role the server would refuse anyway. */
export function Forbidden() {
  const { t } = useTranslation();
  return <Notice tone="warning">{t('errors.roleCannot')}</Notice>;
}
