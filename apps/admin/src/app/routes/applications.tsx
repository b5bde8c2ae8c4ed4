import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { Applications } from '../../features/content/components/applications.tsx';
import { can } from '../../lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const { merchantCode } = useParams();
  return (
    <div className="stack">
      <h1>{t('applications.title')}</h1>
      <p className="muted">{t('applications.intro')}</p>
      {can.readApplications(operator.role) ? (
        <MerchantScope merchantCode={merchantCode} href={paths.applications.href}>
          {(code) => <Applications key={code} merchantCode={code} mayPromote={operator.role === 'owner'} />}
        </MerchantScope>
      ) : (
        <Forbidden />
      )}
    </div>
  );
}
