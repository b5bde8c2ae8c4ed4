import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { ChatConsole } from '../../features/support/components/chat-console.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('chat.title')}</h1>
      {can.support(operator.role) ? <ChatConsole /> : <Forbidden />}
    </div>
  );
}
