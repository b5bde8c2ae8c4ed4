import { session } from './storage.ts';

const TOKEN_KEY = 'tala.admin.token';

/** Why the last session ended, for the login page to say so. */
export type EndReason = 'expired' | 'logout';

let token = session.get(TOKEN_KEY);
let endReason: EndReason | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** The operator's bearer token, kept in sessionStorage (one tab's sign-in ends with the tab). */
export function sessionToken(): string | null {
  return token;
}

export function startSession(value: string) {
  token = value;
  endReason = null;
  session.set(TOKEN_KEY, value);
  notify();
}

export function endSession(reason: EndReason) {
  if (token === null) return;
  token = null;
  endReason = reason;
  session.set(TOKEN_KEY, null);
  notify();
}

/** The reason the session ended, read once by the login page. */
export function takeEndReason(): EndReason | null {
  const reason = endReason;
  endReason = null;
  return reason;
}

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
