import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { ResponsibleGamingPage } from '../../features/safer-gambling/components/responsible-gaming-page.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /responsibleGaming: what the site's safer-gambling tools are, the signs of a problem, where to get help; public. */
export function Component() {
  const { t } = useTranslation();
  const title = t('responsibleGaming.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="shield" title={title} />
      <ResponsibleGamingPage />
    </div>
  );
}
