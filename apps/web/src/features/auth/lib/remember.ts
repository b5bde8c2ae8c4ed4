/**
 * The login cookies of spec §3 (last user, loginRemember, loginTypeSms), kept one day (§9). The password is never
 * stored: a remembered password in a cookie would be readable by any script on the page.
 */
const DAY = 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function writeCookie(name: string, value: string | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers we serve
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${DAY}; SameSite=Lax${secure}`;
}

export type Remembered = { remember: boolean; username: string; sms: boolean };

export function remembered(): Remembered {
  const remember = readCookie('loginRemember') === '1';
  return {
    remember,
    username: remember ? (readCookie('lastUser') ?? '') : '',
    sms: readCookie('loginTypeSms') === '1',
  };
}

export function rememberLogin(remember: boolean, username: string, sms: boolean) {
  writeCookie('loginRemember', remember ? '1' : null);
  writeCookie('lastUser', remember ? username : null);
  writeCookie('loginTypeSms', remember && sms ? '1' : null);
}
