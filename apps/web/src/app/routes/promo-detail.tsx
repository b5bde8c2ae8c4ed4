import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading.tsx';
import { PromotionDetail } from '../../features/promotions/components/promotion-detail.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /promoDetail?id=: one promotion. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const title = t('pages.promoDetail.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="ticket" title={title} />
      <PromotionDetail id={Number.isSafeInteger(id) && id > 0 ? id : null} />
    </div>
  );
}
