import { useSyncExternalStore } from 'react';

/** The browser's install prompt (Chromium's beforeinstallprompt), kept until the visitor asks to install. */
type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
let prompt: InstallPrompt | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers the service worker (/sw.js: the app shell cached, an offline page when the network is gone) and keeps
 * the install prompt for the download page. Called once at start; a browser without service workers skips it.
 */
export function registerServiceWorker(): void {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    prompt = event as InstallPrompt;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    prompt = null;
    emit();
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

export function useInstallState(): 'available' | 'installed' | 'unavailable' {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => (installed ? 'installed' : prompt ? 'available' : 'unavailable'),
    () => 'unavailable',
  );
}

export async function install(): Promise<void> {
  if (!prompt) return;
  const current = prompt;
  await current.prompt();
  const choice = await current.userChoice;
  if (choice.outcome === 'accepted') installed = true;
  prompt = null;
  emit();
}
