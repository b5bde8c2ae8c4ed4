import type { Banner } from '@tala/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import type { BannerGroup, DialogBannerGroup } from '../banner-groups.ts';

export type { Banner };

/** GET /wps/relay/MCSFE_getBanners?groupName= — the group's banners in effect now, in the request's language. */
export const bannersQuery = (group: BannerGroup | DialogBannerGroup, language: string) =>
  queryOptions({
    queryKey: ['banners', group, language],
    queryFn: () => api<Banner[]>('/wps/relay/MCSFE_getBanners', { query: { groupName: group } }),
    staleTime: 5 * 60_000,
  });

export function useBanners(group: BannerGroup | DialogBannerGroup) {
  return useQuery(bannersQuery(group, useLanguage()));
}
