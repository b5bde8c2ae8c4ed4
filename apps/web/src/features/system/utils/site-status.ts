import type { SystemStatus } from '@tala/contracts/system';

/** 0 the site, 1 the maintenance page, 2 the region-blocked page (§2, §4). */
export type SiteStatus = 0 | 1 | 2;

export function deriveSiteStatus(
  status: Pick<SystemStatus, 'maintenance' | 'regionRestriction'>,
): SiteStatus {
  if (status.maintenance.enabled) return 1;
  if (status.regionRestriction.restricted) return 2;
  return 0;
}
