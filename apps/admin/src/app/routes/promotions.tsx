import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import {
  PromotionsPage,
  type PromotionTab,
  promotionTabs,
} from '../../features/promotions/components/promotions-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const tab = promotionTabs.includes(params.tab as PromotionTab) ? (params.tab as PromotionTab) : 'list';
  return (
    <div className="stack">
      <h1>{t('promotions.title')}</h1>
      <p className="muted">{t('promotions.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.promotions.href(code, tab)}>
        {(merchantCode) => (
          <PromotionsPage
            operator={operator}
            merchantCode={merchantCode}
            tab={tab}
            href={paths.promotions.href}
          />
        )}
      </MerchantScope>
    </div>
  );
}
