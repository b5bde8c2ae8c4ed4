import type { iconValue, MemberCounts, MemberInfo } from '@tala/contracts/members';
import type { WalletBalance } from '@tala/contracts/wallet';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { MemberCounts, MemberInfo, WalletBalance };
export type MemberIcon = z.infer<typeof iconValue>;

/** Member info (§4: login state is true once it is stored), per token. */
export const memberInfoQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'info'],
    queryFn: () => api<MemberInfo>('/wps/member/info'),
    staleTime: 60_000,
    retry: false,
  });

export const avatarQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'avatar'],
    queryFn: () => api<MemberIcon>('/wps/relay/MCSFE_getPlayerAvatar'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const balanceQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'balance'],
    queryFn: () => api<WalletBalance>('/wps/v2/wallets/balance'),
    staleTime: 30_000,
    retry: false,
  });

/** The badge counts of §2 (GET /wps/member/counts): the avatar's unclaimed count and the centre menu's badges. */
export const countsQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'counts'],
    queryFn: () => api<MemberCounts>('/wps/member/counts'),
    staleTime: 60_000,
    retry: false,
  });

export const logout = () => api<null>('/wps/session/logout', { method: 'DELETE' });

export const setIcon = (icon: number) =>
  api<MemberIcon>('/wps/member/info/icon', { method: 'PUT', body: { icon } });

export const changePassword = (body: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}) => api<null>('/wps/member/password', { method: 'POST', body });
