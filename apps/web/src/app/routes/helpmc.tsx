import { useTranslation } from 'react-i18next';
import { HelpCentre } from '../../features/help/components/help-centre.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /helpmc: the help content alone, without header (opened inside the member centre and the apps). */
export function Component() {
  const { t } = useTranslation();
  const title = t('pages.helpmc.title');
  useDocumentTitle(title);
  return (
    <div className="helpmc">
      <h1 className="visually-hidden">{title}</h1>
      <HelpCentre />
    </div>
  );
}
