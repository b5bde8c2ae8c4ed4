import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { PointMall } from '../../features/point-mall/components/point-mall-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /pointMall: rewards redeemed with points (points never expire). */
export function Component() {
  const { t } = useTranslation();
  const title = t('pages.pointMall.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="bag" title={title} />
      <PointMall />
    </div>
  );
}
