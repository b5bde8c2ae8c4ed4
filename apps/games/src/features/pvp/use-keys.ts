import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts for a game's actions (F fold, C check or call, Enter play …), ignored while the member types in
 * a field or a dialog is open, and when a modifier key is held (the browser's own shortcuts stay).
 */
export function useKeys(handlers: Record<string, (() => void) | undefined>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select, dialog[open]')) return;
      if (document.querySelector('dialog[open]')) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const handler = latest.current[key];
      if (!handler) return;
      // Enter on a focused button is that button's own click.
      if (
        key === 'Enter' &&
        target instanceof HTMLButtonElement &&
        !target.classList.contains('pvp-card--pick')
      )
        return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
