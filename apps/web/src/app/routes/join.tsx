import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { JoinPage } from '../../features/join/components/join-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSiteStatus } from '../use-site-status.ts';

/** /join: the affiliate programme and its application form. */
export function Component() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const title = t('pages.join.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="people" title={title} />
      <JoinPage brandName={status.info.whitelabel.brandName} />
    </div>
  );
}
