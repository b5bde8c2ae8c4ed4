import type { registrationSettings } from '@tala/contracts/members';
import { checkRule, ruleMessage } from '@tala/contracts/rule-check';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api-client.ts';
import { useLanguage } from './i18n.ts';

export type RegistrationSettings = z.infer<typeof registrationSettings>;

/** The merchant's rule set and registration switches (GET /wps/system/setting/register), loaded once. */
export const registrationSettingsQuery = queryOptions({
  queryKey: ['auth', 'registrationSettings'],
  queryFn: () => api<RegistrationSettings>('/wps/system/setting/register'),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** A check of a new password against the merchant's password rule, worded as registration words it. */
export function usePasswordCheck() {
  const language = useLanguage();
  const settings = useQuery(registrationSettingsQuery);
  return (value: string) => {
    const rule = settings.data?.rules.find((r) => r.field === 'password');
    if (!rule)
      return value
        ? undefined
        : ruleMessage({ reason: 'required', patternId: 'ANY', min: 0, max: 0 }, language);
    const failure = checkRule(value, rule);
    return failure ? ruleMessage(failure, language) : undefined;
  };
}
