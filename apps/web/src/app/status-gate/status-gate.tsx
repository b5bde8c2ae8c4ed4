import type { ReactNode } from 'react';
import { useCountryCode } from '../../features/system/api/get-country-code.ts';
import { useSystemStatus } from '../../features/system/api/get-system-status.ts';
import { deriveSiteStatus } from '../../features/system/utils/site-status.ts';
import { useBrand } from '../use-brand.ts';
import { LoadErrorPage } from './load-error-page.tsx';
import { MaintenancePage } from './maintenance-page.tsx';
import { RegionBlockedPage } from './region-blocked-page.tsx';
import { Splash } from './splash.tsx';

/**
 * The whole app renders one of three things by system status (§2): 0 the site, 1 the maintenance page,
 * 2 the region-blocked page. The status is asked again every minute so an operator's switch lands without reload.
 */
export function StatusGate({ children }: { children: ReactNode }) {
  const status = useSystemStatus({ recheck: true });
  useCountryCode();
  useBrand(status.data);

  if (!status.data) {
    return status.isError ? (
      <LoadErrorPage error={status.error} onRetry={() => void status.refetch()} />
    ) : (
      <Splash />
    );
  }
  switch (deriveSiteStatus(status.data)) {
    case 1:
      return <MaintenancePage status={status.data} />;
    case 2:
      return <RegionBlockedPage status={status.data} />;
    default:
      return children;
  }
}
