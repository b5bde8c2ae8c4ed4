import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** A settings document and its version (the `ETag`), which a save sends back as `If-Match`. */
export type VersionedSettings = { settings: MerchantSettings; version: string | null };

/** GET /admin-api/merchants/:code/settings */
export const settingsQueryOptions = (merchantCode: string) =>
  queryOptions({
    queryKey: ['admin', 'merchants', merchantCode, 'settings'],
    queryFn: async ({ signal }): Promise<VersionedSettings> => {
      const { value, headers } = await apiCall<MerchantSettings>(
        `/admin-api/merchants/${encodeURIComponent(merchantCode)}/settings`,
        { signal },
      );
      return { settings: value, version: headers.get('etag') };
    },
    // An editor must start from the stored document; no background refetch may replace a draft's base.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useSettings(merchantCode: string) {
  return useQuery(settingsQueryOptions(merchantCode));
}
