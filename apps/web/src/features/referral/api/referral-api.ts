import type { ReferralFriend, ReferralSummary, referralFriendsResponse } from '@tala/contracts/referral';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// The referral page's calls (/wps/relay/...): their value types come from the contracts.
type ValueOf<T extends z.ZodType> = z.infer<T> extends { value: infer V } ? V : never;
export type FriendsPage = ValueOf<typeof referralFriendsResponse>;
export type { ReferralFriend, ReferralSummary };

// Under the member root, so that login, logout and every money movement read them again.
const key = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'referral', name, ...rest];

export const referralQuery = () =>
  queryOptions({
    queryKey: key('summary'),
    queryFn: () => api<ReferralSummary>('/wps/relay/MCS2_getReferral'),
  });

export const friendsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: key('friends', pageNo),
    queryFn: () =>
      api<FriendsPage>('/wps/relay/MCS2_getReferralFriends', { query: { pageNo, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });
