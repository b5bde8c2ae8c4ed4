import type { countryCodeValue } from '@tala/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type CountryCode = z.infer<typeof countryCodeValue>;

export function getCountryCode(signal?: AbortSignal): Promise<CountryCode> {
  return api<CountryCode>('/wps/system/countryCode', signal ? { signal } : {});
}

/** The visitor's country, asked once per page load (§4) for the registration and login forms. */
export const countryCodeQuery = queryOptions({
  queryKey: ['system', 'countryCode'],
  queryFn: ({ signal }) => getCountryCode(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

export function useCountryCode() {
  return useQuery(countryCodeQuery);
}
