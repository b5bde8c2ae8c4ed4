import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import {
  LotteryPage,
  type LotteryTab,
  lotteryTabs,
} from '../../features/lottery/components/lottery-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

/** Back office lottery (decision 042): games, odds and limits, draws and results, live exposure, P&L. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const mine = lotteryTabs.filter((tab) => tab.allowed(operator.role));
  const current = mine.find((tab) => tab.key === params.tab) ?? mine[0];
  if (!current) return <Forbidden />;
  const tab: LotteryTab = current.key;
  return (
    <div className="stack">
      <h1>{t('lotteryAdmin.title')}</h1>
      <p className="muted">{t('lotteryAdmin.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.lottery.href(code, tab)}>
        {(merchant) => (
          <LotteryPage key={merchant} merchant={merchant} tab={tab} operator={operator} tabs={mine} />
        )}
      </MerchantScope>
    </div>
  );
}
