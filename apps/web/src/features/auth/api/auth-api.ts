import type {
  challengeValue,
  LoginValue,
  RegisterBody,
  RegisterMobileBody,
  SecondCheckMethod,
} from '@tala/contracts/members';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { deviceId } from '../../../lib/device-id.ts';

/** The player calls of logins, registration and passwords (spec §7), as the server routes name them. */

export type Challenge = z.infer<typeof challengeValue>;
export type { LoginValue };

export const getChallenge = () => api<Challenge>('/wps/system/challenge');

/** The captcha image as a data URL; its id travels in an HttpOnly cookie the login and registration read. */
export const getCaptcha = () => api<string>('/wps/captcha');

export type LoginRequest = {
  username: string;
  password: string;
  type: 'username' | 'sms';
  countryDialingCode?: string;
  captcha?: string;
  challenge?: string;
};
export const login = (body: LoginRequest) =>
  api<LoginValue>('/wps/session/login', { method: 'POST', body, headers: { Device: deviceId() } });

export const freePlayLogin = (challenge: string) =>
  api<LoginValue>('/wps/session/login/freeplay', {
    method: 'POST',
    headers: { 'gateway-version': '3' },
    body: {
      os: navigator.platform.slice(0, 40) || undefined,
      platform: 'W',
      random: crypto.randomUUID(),
      challenge,
    },
  });

export const sendSecondCheckCode = (ticket: string, method: 'mobile' | 'email') =>
  api<{ expiredMinutes: number }>('/wps/session/login/secondCheck/send', {
    method: 'POST',
    body: { ticket, method },
  });

export const completeSecondCheck = (ticket: string, method: SecondCheckMethod, answer: string) =>
  api<LoginValue>('/wps/session/login/secondCheck', { method: 'POST', body: { ticket, method, answer } });

/** A login or password-reset code to a member's mobile (the answer is the same for unknown numbers). */
export const sendNoLoginCode = (mobileNum: string, countryDialingCode: string) =>
  api<{ expiredMinutes: number }>('/wps/verification/sms/noLogin', {
    method: 'POST',
    body: { mobileNum, countryDialingCode },
  });

export const sendRegisterCode = (mobileNo: string, countryDialingCode: string) =>
  api<{ expiredMinutes: number }>('/wps/verification/sms/register', {
    method: 'POST',
    body: { mobileNo, countryDialingCode },
  });

/** Which registration fields show and what they accept: fetched once per session (§4) and reused. */

export const checkAffiliate = (code: string, domain: string) =>
  api<{ code: string; valid: true }>('/wps/agent/affiliate', { query: { code, domain } });

export type RegisterRequest = Omit<RegisterBody, 'registerMethod' | 'login'> & {
  registerMethod: 'WEB';
  login: true;
};
export const register = (body: RegisterRequest) =>
  api<LoginValue | null>('/wps/member/register', { method: 'PUT', body, headers: { Device: deviceId() } });

export type RegisterMobileRequest = Omit<RegisterMobileBody, 'registerMethod' | 'login'> & {
  registerMethod: 'WEB';
  login: true;
};
export const registerMobile = (body: RegisterMobileRequest) =>
  api<LoginValue | null>('/wps/member/register/mobile', {
    method: 'PUT',
    body,
    headers: { Device: deviceId() },
  });

/** Forgot by e-mail: form-encoded (spec §7); sends a single-use reset link. */
export const forgotByEmail = (username: string, email: string) =>
  api<null>('/wps/member/password/email', { method: 'POST', form: { username, email } });

export const resetWithToken = (token: string, newPassword: string, confirmNewPassword: string) =>
  api<null>('/wps/member/password/reset', {
    method: 'POST',
    body: { token, newPassword, confirmNewPassword },
  });

export const resetByPhone = (body: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
}) => api<null>('/wps/member/password/verification', { method: 'POST', body });
