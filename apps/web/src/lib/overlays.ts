import { useSyncExternalStore } from 'react';
import { sessionToken } from './session.ts';

/**
 * The site's account overlays (§2 modals, member and agent centres). One shows at a time; the app layer renders it
 * and loads its code on demand, so features open each other's overlays without importing each other.
 */
export type Overlay =
  | { kind: 'login'; notice?: string }
  | { kind: 'register' }
  | { kind: 'forgot' }
  | { kind: 'resetPassword'; token: string }
  | { kind: 'changePassword'; forced: boolean }
  | { kind: 'needTrueAccount'; message?: string }
  | { kind: 'noPermission'; centre: 'member' | 'agent' }
  /** `transferTo`: the downline member the transfer page starts with (the agent centre's team list). */
  /** `section`: the tab the page opens on (the deposit page's link to the safer-gambling limits). */
  | { kind: 'memberCentre'; page?: string; transferTo?: string; section?: string }
  | { kind: 'agentCentre'; page?: string }
  | { kind: 'logout' };

let current: Overlay | null = null;
let toast: { id: number; text: string } | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function openOverlay(overlay: Overlay): void {
  current = overlay;
  emit();
}

export function closeOverlay(): void {
  current = null;
  emit();
}

/** Closes the overlay only if it is still of this kind (a dialog's button may have opened the next one). */
export function closeOverlayIf(kind: Overlay['kind']): void {
  if (current?.kind === kind) closeOverlay();
}

export function useOverlay(): Overlay | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** A protected action (§5): without a token the login popup opens instead; answers whether to go on. */
export function requireLogin(): boolean {
  if (sessionToken()) return true;
  openOverlay({ kind: 'login' });
  return false;
}

/** A short message in the corner (the previous login time, a saved change). */
export function showToast(text: string): void {
  toast = { id: (toast?.id ?? 0) + 1, text };
  emit();
}

export function dismissToast(): void {
  toast = null;
  emit();
}

export function useToast() {
  return useSyncExternalStore(
    subscribe,
    () => toast,
    () => null,
  );
}
