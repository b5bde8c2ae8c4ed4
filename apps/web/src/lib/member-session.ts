import type { LoginValue } from '@tala/contracts/members';
import { currentLanguage, i18n, localeOf } from './i18n.ts';
import { closeOverlay, openOverlay, showToast } from './overlays.ts';
import { queryClient } from './query-client.ts';
import { setSessionToken } from './session.ts';
import { writeStorage } from './storage.ts';

/** Query keys of everything that belongs to the signed-in member; dropped when the session ends. */
export const memberQueryRoot = 'member';

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(localeOf(currentLanguage()), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * A login, registration or second check answered a session: keep the token (sessionStorage `token`, §3), then
 * either the forced change-password dialog (cpw) or the previous login time.
 */
export function startSession(value: LoginValue): void {
  if (!value.token) return;
  queryClient.removeQueries({ queryKey: [memberQueryRoot] });
  setSessionToken(value.token);
  writeStorage('session', 'cpw', value.cpw ? '1' : null);
  if (value.cpw) {
    openOverlay({ kind: 'changePassword', forced: true });
    return;
  }
  closeOverlay();
  showToast(
    value.lastLoginTime
      ? i18n.t('account.lastLogin', { time: formatTime(value.lastLoginTime) })
      : i18n.t('account.firstLogin'),
  );
}

/** Logout, or a session the server ended: the token and every member query go. */
export function endSession(): void {
  setSessionToken(null);
  writeStorage('session', 'cpw', null);
  queryClient.removeQueries({ queryKey: [memberQueryRoot] });
}
