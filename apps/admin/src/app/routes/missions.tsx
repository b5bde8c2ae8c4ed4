import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { MissionsPage } from '../../features/missions/components/missions-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  return (
    <div className="stack">
      <h1>{t('missions.title')}</h1>
      <p className="muted">{t('missions.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.missions.href(code)}>
        {(merchantCode) => <MissionsPage operator={operator} merchantCode={merchantCode} />}
      </MerchantScope>
    </div>
  );
}
