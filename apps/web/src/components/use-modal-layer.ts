import { type RefObject, useEffect, useRef } from 'react';
import { lockScroll, unlockScroll } from './scroll-lock.ts';

/** Open layers, topmost last: Escape and focus trapping belong to the topmost one only. */
const layers: symbol[] = [];

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What every modal layer does while open: locks page scroll, moves focus in and keeps it there, hands Escape
 * to `onEscape` (when given), and gives focus back to where it was on close.
 */
export function useModalLayer(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  onEscape?: () => void,
) {
  const escapeHandler = useRef(onEscape);
  escapeHandler.current = onEscape;

  useEffect(() => {
    if (!open) return;
    const id = Symbol('modal');
    layers.push(id);
    lockScroll();
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = container.current;
    const first = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node;
    first?.focus({ preventScroll: true });

    function onKeyDown(event: KeyboardEvent) {
      if (layers[layers.length - 1] !== id) return;
      if (event.key === 'Escape' && escapeHandler.current) {
        event.preventDefault();
        escapeHandler.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(focusable)];
      const head = items[0];
      const tail = items[items.length - 1];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === head || active === node)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && active === tail) {
        event.preventDefault();
        head.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      layers.splice(layers.indexOf(id), 1);
      unlockScroll();
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [open, container]);
}
