/**
 * Browser storage that never throws: private modes and blocked storage must not break the site.
 * Keys are the spec's session values (§3) plus the locally kept preferences.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string | null): void {
  try {
    const store = area(which);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference lasts for this page view only.
  }
}

export const storageKeys = {
  /** localStorage: the chosen language code (EN, TY, ...). */
  language: 'language',
  /** localStorage: light or dark. */
  theme: 'theme',
  /** sessionStorage: the member's raw session token. */
  token: 'token',
  /** sessionStorage: cached copy of the permission response (§4: fetched once per session and reused). */
  settings: 'settings',
  /** sessionStorage: the merchant code the server resolved from the host. */
  merchantCode: 'merchantCode',
  /** localStorage: this browser's random id (promotions limited to one claim per device, referral checks). */
  deviceId: 'deviceId',
} as const;
