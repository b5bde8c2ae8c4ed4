import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { SignalsPage } from '../../features/safer-gambling/components/signals-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  return (
    <div className="stack">
      <h1>{t('saferGambling.title')}</h1>
      <p className="muted">{t('saferGambling.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.saferGambling.href(code)}>
        {(merchantCode) => <SignalsPage operator={operator} merchantCode={merchantCode} />}
      </MerchantScope>
    </div>
  );
}
