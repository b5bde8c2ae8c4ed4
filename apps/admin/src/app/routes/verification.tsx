import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { DocumentReview } from '../../features/kyc/components/document-review.tsx';
import { ReviewQueue } from '../../features/kyc/components/review-queue.tsx';
import { kycRoles } from '../../features/kyc/lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

/** Identity verification: the queue of members' documents and one document's review (issue 18 item 4). */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { documentId } = useParams();
  const id = Number(documentId);
  return (
    <div className="stack">
      <h1>{t('kyc.title')}</h1>
      <p className="muted">{t('kyc.intro')}</p>
      {!kycRoles.review(operator.role) ? (
        <Forbidden />
      ) : documentId && Number.isInteger(id) && id > 0 ? (
        <DocumentReview key={id} id={id} />
      ) : (
        <ReviewQueue />
      )}
    </div>
  );
}
