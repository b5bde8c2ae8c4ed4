import { useTranslation } from 'react-i18next';
import { useOutletContext, useParams } from 'react-router';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import {
  PointMallPage,
  type PointMallTab,
  pointMallTabs,
} from '../../features/point-mall/components/point-mall-page.tsx';
import type { ShellContext } from '../layout/shell.tsx';

export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const tab = pointMallTabs.includes(params.tab as PointMallTab) ? (params.tab as PointMallTab) : 'queue';
  return (
    <div className="stack">
      <h1>{t('pointMall.title')}</h1>
      <p className="muted">{t('pointMall.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.pointMall.href(code, tab)}>
        {(merchantCode) => (
          <PointMallPage
            operator={operator}
            merchantCode={merchantCode}
            tab={tab}
            href={paths.pointMall.href}
          />
        )}
      </MerchantScope>
    </div>
  );
}
