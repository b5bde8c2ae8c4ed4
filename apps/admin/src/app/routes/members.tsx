import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MembersList } from '../../features/members/components/members-list.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  return (
    <div className="stack">
      <h1>{t('members.title')}</h1>
      <p className="muted">{t('members.intro')}</p>
      {can.readMembers(operator.role) ? <MembersList /> : <Forbidden />}
    </div>
  );
}
