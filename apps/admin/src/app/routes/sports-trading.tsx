import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import {
  TradingPage,
  type TradingTab,
  tradingTabs,
} from '../../features/sports-trading/components/trading-page.tsx';
import { tradingRoles } from '../../features/sports-trading/lib/roles.ts';
import type { ShellContext } from '../layout/shell.tsx';

/** Back office sports trading (decision 059): liability, markets, approvals, margins, member limits, P&L. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  if (!tradingRoles.read(operator.role)) return <Forbidden />;
  const tab: TradingTab = tradingTabs.find((key) => key === params.tab) ?? 'liability';
  return (
    <div className="stack">
      <h1>{t('sportsTrading.title')}</h1>
      <p className="muted">{t('sportsTrading.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.sportsTrading.href(code, tab)}>
        {(merchant) => <TradingPage key={merchant} merchant={merchant} tab={tab} operator={operator} />}
      </MerchantScope>
    </div>
  );
}
