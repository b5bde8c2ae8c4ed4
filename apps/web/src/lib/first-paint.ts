/**
 * The first screen the server put into the page (decision 070): the page's first banner in the site's header and
 * frame, painted before any JavaScript. It is read before the app renders over it, so the splash can keep showing
 * it until the page itself is there, and forgotten once the site has rendered (a later splash is a plain one).
 */
let markup: string | null = null;

export function keepFirstPaint(root: HTMLElement) {
  markup = root.querySelector('.first-paint') ? root.innerHTML : null;
}

export function firstPaint(): string | null {
  return markup;
}

export function forgetFirstPaint() {
  markup = null;
}
