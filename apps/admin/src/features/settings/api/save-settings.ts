import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';
import { merchantsQueryOptions } from './get-merchants.ts';
import { settingsQueryOptions, type VersionedSettings } from './get-settings.ts';

/**
 * PUT /admin-api/merchants/:code/settings with the whole document. `If-Match` carries the version the draft was
 * made from, so a save never overwrites a newer document unseen (the server answers 409 `conflict`).
 */
export function useSaveSettings(merchantCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ settings, version }: VersionedSettings): Promise<VersionedSettings> => {
      const { value, headers } = await apiCall<MerchantSettings>(
        `/admin-api/merchants/${encodeURIComponent(merchantCode)}/settings`,
        { method: 'PUT', body: settings, headers: version ? { 'If-Match': version } : {} },
      );
      return { settings: value, version: headers.get('etag') };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions(merchantCode).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: merchantsQueryOptions().queryKey });
    },
  });
}
