import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { FishOfficePage, type FishTab, fishTabs } from '../../features/fish/components/fish-office-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** Back office fish rooms (issue 17): one merchant's rooms, the waves explorer, P&L. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const mine = fishTabs.filter((tab) => tab.allowed(operator.role));
  const current = mine.find((tab) => tab.key === params.tab) ?? mine[0];
  if (!current) return <Forbidden />;
  const tab: FishTab = current.key;
  return (
    <div className="stack">
      <h1>{t('fishAdmin.title')}</h1>
      <p className="muted">{t('fishAdmin.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.fish.href(code, tab)}>
        {(merchant) => (
          <FishOfficePage key={merchant} merchant={merchant} tab={tab} operator={operator} tabs={mine} />
        )}
      </MerchantScope>
    </div>
  );
}
