import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/** Which chat room is open: live chat, or the VIP service (§6, for members above rank 4). Kept across reloads. */
export type ChatKind = 'live' | 'vip';
const key = 'chatOpen';
const listeners = new Set<() => void>();

function read(): ChatKind | null {
  const value = readStorage('session', key);
  return value === 'live' || value === 'vip' ? value : null;
}

export function openChat(kind: ChatKind = 'live'): void {
  writeStorage('session', key, kind);
  for (const listener of listeners) listener();
}

export function closeChat(): void {
  writeStorage('session', key, null);
  for (const listener of listeners) listener();
}

export function useChatOpen(): ChatKind | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    read,
    () => null,
  );
}

/** A customer-service path that opens the chat room (`/index?chat=1`, `?chat=vip`), else null. */
export function chatKindOfPath(path: string): ChatKind | null {
  const match = /[?&]chat=([^&#]*)/.exec(path);
  if (!match) return null;
  return match[1] === 'vip' ? 'vip' : 'live';
}

let serviceOpen = false;
const serviceListeners = new Set<() => void>();

/** The customer-service popup of the right bar (the getService path list). */
export function setServiceOpen(open: boolean): void {
  serviceOpen = open;
  for (const listener of serviceListeners) listener();
}

export function useServiceOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      serviceListeners.add(listener);
      return () => {
        serviceListeners.delete(listener);
      };
    },
    () => serviceOpen,
    () => false,
  );
}
