import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { FeedbackInbox } from '../../features/support/components/feedback-inbox.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('feedback.title')}</h1>
      <p className="muted">{t('feedback.intro')}</p>
      {can.support(operator.role) ? <FeedbackInbox /> : <Forbidden />}
    </div>
  );
}
