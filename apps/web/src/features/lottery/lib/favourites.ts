import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/**
 * Favourite lottery games, kept in this browser per username (spec §3: localStorage, by the member's name; a
 * visitor's are kept under "guest"). Changes in another tab show at once (the storage event).
 */
const keyOf = (username: string | null) => `lotteryFavourites:${username ?? 'guest'}`;
const listeners = new Set<() => void>();

function read(username: string | null): string {
  return readStorage('local', keyOf(username)) ?? '[]';
}

export function favouriteCodes(username: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(read(username));
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string').slice(0, 50) : [];
  } catch {
    return [];
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useLotteryFavourites(username: string | null) {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(username),
    () => '[]',
  );
  const codes = favouriteCodes(username);
  const toggle = useCallback(
    (code: string) => {
      const current = favouriteCodes(username);
      const next = current.includes(code) ? current.filter((c) => c !== code) : [...current, code];
      writeStorage('local', keyOf(username), JSON.stringify(next));
      for (const listener of listeners) listener();
    },
    [username],
  );
  return { codes, raw, toggle };
}
