/**
 * Page scroll is locked while any modal is open (§2). Modals can stack, so the lock is counted:
 * the page scrolls again only when the last one closes.
 */
let holders = 0;
let saved: { overflow: string; paddingRight: string } | undefined;

export function lockScroll(): void {
  holders += 1;
  if (holders > 1) return;
  const body = document.body;
  const width = document.documentElement.clientWidth;
  const scrollbar = width > 0 ? window.innerWidth - width : 0;
  saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  body.style.overflow = 'hidden';
  // Keep the layout from jumping sideways when the scrollbar disappears.
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.dataset.scrollLocked = 'true';
}

export function unlockScroll(): void {
  if (holders === 0) return;
  holders -= 1;
  if (holders > 0) return;
  const body = document.body;
  body.style.overflow = saved?.overflow ?? '';
  body.style.paddingRight = saved?.paddingRight ?? '';
  delete body.dataset.scrollLocked;
  saved = undefined;
}

export function scrollLockHolders(): number {
  return holders;
}
