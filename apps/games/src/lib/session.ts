/**
 * What the game client learns from the site that opened it. The site frames /games/... from the same origin, so
 * the member's session token is in the tab's sessionStorage under the site's own key; a launch address may also
 * carry it in the fragment (#token=..., never sent to a server or written to a log), which is then kept the same way.
 */

function storage(which: 'local' | 'session'): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function read(which: 'local' | 'session', key: string): string | null {
  try {
    return storage(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(which: 'local' | 'session', key: string, value: string | null) {
  try {
    if (value === null) storage(which)?.removeItem(key);
    else storage(which)?.setItem(key, value);
  } catch {
    // Blocked storage: the value lasts for this page view.
  }
}

/** Takes a token handed over in the address fragment, keeps it like the site does, and cleans the address. */
export function adoptLaunchToken() {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (token && /^[\w-]{16,200}$/.test(token)) {
    write('session', 'token', token);
    fragment.delete('token');
    const rest = fragment.toString();
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
    );
  }
}

export function sessionToken(): string | null {
  return read('session', 'token') || null;
}
