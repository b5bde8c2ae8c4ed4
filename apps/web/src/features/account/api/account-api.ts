import type { iconValue, MemberInfo } from '@tala/contracts/members';
import type { WalletBalance } from '@tala/contracts/wallet';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { MemberInfo, WalletBalance };
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

/** Unread platform messages: part of the avatar's unclaimed count and the messageV2 badge. */
export const unreadQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'unread'],
    queryFn: () => api<{ unread: number }>('/wps/relay/MCSFE_getUnreadMessageV2'),
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
