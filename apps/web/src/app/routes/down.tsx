import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { DownloadPage } from '../../features/download/components/download-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { useSiteStatus } from '../use-site-status.ts';

/** /down: the app download page. */
export function Component() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const title = t('pages.down.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="download" title={title} />
      <DownloadPage brandName={status.info.whitelabel.brandName} />
    </div>
  );
}
