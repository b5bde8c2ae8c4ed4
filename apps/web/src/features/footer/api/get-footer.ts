import type { Footer } from '@tala/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

export type { Footer };

/** GET /wps/relay/MCSFE_getFooter — help links, products, social links, partners, copyright and licence text. */
export const footerQuery = (language: string) =>
  queryOptions({
    queryKey: ['footer', language],
    queryFn: () => api<Footer>('/wps/relay/MCSFE_getFooter'),
    staleTime: 10 * 60_000,
  });

export function useFooter() {
  return useQuery(footerQuery(useLanguage()));
}
