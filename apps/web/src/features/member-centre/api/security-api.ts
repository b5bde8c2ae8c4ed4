import type { MemberInfo, RecentLogin } from '@tala/contracts/members';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { RecentLogin };

/** A new contact: a mobile number under a dialling code, or an e-mail address. */
export type ContactTarget =
  | { channel: 'sms'; mobileNum: string; countryDialingCode: string }
  | { channel: 'email'; email: string };

/** GET /wps/member/logins: the member's ten latest login attempts. */
export const recentLoginsQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'logins'],
    queryFn: () => api<RecentLogin[]>('/wps/member/logins'),
    staleTime: 60_000,
    retry: false,
  });

export const setNickname = (nickname: string) =>
  api<MemberInfo>('/wps/member/info', { method: 'PUT', body: { nickname } });

/** PUT /wps/member/info/birthday: the birthday, given once. */
export const setBirthday = (birthday: string) =>
  api<MemberInfo>('/wps/member/info/birthday', { method: 'PUT', body: { birthday } });

/** POST /wps/member/contact/code: a one-time code to the new number or address. */
export const sendContactCode = (target: ContactTarget) =>
  api<{ expiredMinutes: number }>('/wps/member/contact/code', { method: 'POST', body: target });

/** PUT /wps/member/contact: binds the contact that received the code (the login password when replacing one). */
export const bindContact = (body: ContactTarget & { verificationCode: string; password?: string }) =>
  api<MemberInfo>('/wps/member/contact', { method: 'PUT', body });
