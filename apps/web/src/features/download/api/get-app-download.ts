import type { appDownloadResponse } from '@tala/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AppDownload = z.infer<typeof appDownloadResponse>['value'];
export type AppEntry = AppDownload['apps'][number];

/** GET /wps/relay/MCSFE_getAppDownload — the iOS, Android and mobile entries with their QR codes (§9 defaults). */
export const appDownloadQuery = () =>
  queryOptions({
    queryKey: ['appDownload'],
    queryFn: () => api<AppDownload>('/wps/relay/MCSFE_getAppDownload'),
    staleTime: 10 * 60_000,
  });

export function useAppDownload() {
  return useQuery(appDownloadQuery());
}
