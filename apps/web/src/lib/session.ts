import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

const listeners = new Set<() => void>();

/** The member's raw session token from sessionStorage, or null for a guest. */
export function sessionToken(): string | null {
  return readStorage('session', storageKeys.token) || null;
}

/** Stores or clears the token and tells every subscriber (header, login guard) at once. */
export function setSessionToken(token: string | null): void {
  writeStorage('session', storageKeys.token, token);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current token, re-rendering when it changes. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, sessionToken, () => null);
}
