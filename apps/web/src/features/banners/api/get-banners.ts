import type { Banner } from '@tala/contracts/content';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage, useLanguage } from '../../../lib/i18n.ts';
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

/**
 * Asks for a route group's banners as the page starts, and fetches the first banner's image at high priority as soon
 * as its address is known: the first banner is the largest thing on the first screen, and otherwise both waits
 * would start only once the route's code has loaded.
 */
export function prefetchBanners(client: QueryClient, group: BannerGroup) {
  const query = bannersQuery(group, currentLanguage());
  void client.prefetchQuery(query).then(() => {
    const first = client.getQueryData(query.queryKey)?.[0];
    if (!first) return;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = first.url;
  });
}
