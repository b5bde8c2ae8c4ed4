import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.tsx';
import { FeedbackForm } from '../../features/feedback/components/feedback-form.tsx';
import { HelpCentre } from '../../features/help/components/help-centre.tsx';
import { openOverlay } from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** /help: the help centre under its banner, with the feedback form as its last tab. */
export function Component() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const title = t('pages.help.title');
  useDocumentTitle(title);
  return (
    <div className="page">
      <PageHeading icon="help" title={title} />
      <HelpCentre
        extra={{
          key: 'feedback',
          label: t('feedback.title'),
          content: (
            <>
              <h2 className="help__heading">{t('feedback.title')}</h2>
              <FeedbackForm token={token} onLogin={() => openOverlay({ kind: 'login' })} />
            </>
          ),
        }}
      />
    </div>
  );
}
