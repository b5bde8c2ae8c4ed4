import type { AdminLoginValue, Operator } from '@tala/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { meQueryOptions } from './get-me.ts';

export type LoginInput = {
  username: string;
  password: string;
  code?: string;
  captcha?: string;
  captchaId?: string;
  rememberDevice?: boolean;
};

export type SignedIn = { token: string; operator: Operator; recoveryCodes?: string[] };

/** Keeps the token for this tab and the operator in the cache: the app then shows the signed-in pages. */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  return ({ token, operator }: SignedIn) => {
    queryClient.clear();
    queryClient.setQueryData(meQueryOptions().queryKey, operator);
    startSession(token);
  };
}

/**
 * POST /admin-api/session: one step of a sign-in. Signed in, it keeps the token; otherwise the answer says the next
 * step (the authenticator code, or setting one up).
 */
export function useLogin() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api<AdminLoginValue>('/admin-api/session', { method: 'POST', body: input }),
    onSuccess: (value) => {
      if (value.status === 'signed_in') finish(value);
    },
  });
}

/**
 * POST /admin-api/session/enrolment: finishes a sign-in that had to set up an authenticator. The session starts
 * only after the operator has seen the recovery codes (`useFinishSignIn`).
 */
export function useEnrol() {
  return useMutation({
    mutationFn: (input: { ticket: string; code: string; rememberDevice: boolean }) =>
      api<SignedIn>('/admin-api/session/enrolment', { method: 'POST', body: input }),
  });
}

/** GET /admin-api/captcha: a captcha image and its id. */
export function fetchCaptcha() {
  return api<{ id: string; image: string }>('/admin-api/captcha');
}
