import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { LivePage, type LiveTab, liveTabs } from '../../features/live/components/live-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** Back office live casino (decision 054): the studio's tables, the rounds explorer, P&L. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const mine = liveTabs.filter((tab) => tab.allowed(operator.role));
  const current = mine.find((tab) => tab.key === params.tab) ?? mine[0];
  if (!current) return <Forbidden />;
  const tab: LiveTab = current.key;
  return (
    <div className="stack">
      <h1>{t('liveAdmin.title')}</h1>
      <p className="muted">{t('liveAdmin.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.live.href(code, tab)}>
        {(merchant) => (
          <LivePage key={merchant} merchant={merchant} tab={tab} operator={operator} tabs={mine} />
        )}
      </MerchantScope>
    </div>
  );
}
