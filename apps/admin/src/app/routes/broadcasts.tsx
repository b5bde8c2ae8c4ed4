import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { BroadcastsPage } from '../../features/messages/components/broadcasts-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  return (
    <div className="stack">
      <h1>{t('broadcasts.title')}</h1>
      <p className="muted">{t('broadcasts.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={paths.broadcasts.href}>
        {(merchantCode) => <BroadcastsPage operator={operator} merchantCode={merchantCode} />}
      </MerchantScope>
    </div>
  );
}
