import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { Outbox } from '../../features/messages/components/outbox.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('outbox.title')}</h1>
      <p className="muted">{t('outbox.intro')}</p>
      {can.readOutbox(operator.role) ? <Outbox /> : <Forbidden />}
    </div>
  );
}
