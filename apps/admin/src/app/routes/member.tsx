import { useTranslation } from 'react-i18next';
import { Link, useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { Notice } from '../../components/notice.tsx';
import { paths } from '../../config/paths.ts';
import { MemberContracts } from '../../features/agents/components/member-contracts.tsx';
import { useMember } from '../../features/members/api/members.ts';
import { MemberDetailView } from '../../features/members/components/member-detail.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const id = Number(useParams().memberId);
  // The same query the member's page reads (cached): its merchant's contract settings and currency.
  const member = useMember(id, can.readMembers(operator.role) && Number.isInteger(id) && id > 0);
  return (
    <div className="stack">
      <Link to={paths.members.href()}>‹ {t('members.back')}</Link>
      {!can.readMembers(operator.role) ? (
        <Forbidden />
      ) : Number.isInteger(id) && id > 0 ? (
        <>
          <MemberDetailView
            key={id}
            id={id}
            canManage={can.manageMembers(operator.role)}
            canMove={operator.role === 'owner'}
          />
          <MemberContracts
            key={`contracts-${id}`}
            id={id}
            merchantCode={member.data?.merchantCode ?? null}
            canEdit={operator.role === 'owner'}
          />
        </>
      ) : (
        <Notice tone="error">{t('errors.notFound')}</Notice>
      )}
    </div>
  );
}
