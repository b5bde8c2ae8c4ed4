import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { PvpPage, type PvpTab, pvpTabs } from '../../features/pvp/components/pvp-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** Back office of the PvP card tables (issue 17): tables, the hands explorer, the rake by day. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const mine = pvpTabs.filter((tab) => tab.allowed(operator.role));
  const current = mine.find((tab) => tab.key === params.tab) ?? mine[0];
  if (!current) return <Forbidden />;
  const tab: PvpTab = current.key;
  return (
    <div className="stack">
      <h1>{t('pvpAdmin.title')}</h1>
      <p className="muted">{t('pvpAdmin.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.pvp.href(code, tab)}>
        {(merchant) => (
          <PvpPage key={merchant} merchant={merchant} tab={tab} operator={operator} tabs={mine} />
        )}
      </MerchantScope>
    </div>
  );
}
