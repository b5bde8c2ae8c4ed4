import type { helpCategory } from '@tala/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

export type HelpCategory = z.infer<typeof helpCategory>;

/** GET /wps/system/helpCenter — categories and their articles, in order, in the request's language. */
export const helpCenterQuery = (language: string) =>
  queryOptions({
    queryKey: ['helpCenter', language],
    queryFn: () => api<{ categories: HelpCategory[] }>('/wps/system/helpCenter'),
    staleTime: 5 * 60_000,
  });

export function useHelpCenter() {
  return useQuery(helpCenterQuery(useLanguage()));
}
