import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { PromotionList } from '../../features/promotions/components/promotion-list.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /promotions: the promotions list with type filters and the visitor's status in each. */
export function Component() {
  const { t } = useTranslation();
  const title = t('pages.promotions.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="gift" title={title} />
      <PromotionList />
    </div>
  );
}
