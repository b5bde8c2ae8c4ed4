import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Links may go to http(s), mailto and site paths; images only to site paths (the server's allow-list, again). */
const linkAllowed = /^(?:https?:|mailto:|\/(?![/\\]))/i;
const imageAllowed = /^\/(?![/\\])/;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  const href = node.getAttribute('href');
  if (href !== null && !linkAllowed.test(href.trim())) node.removeAttribute('href');
  const src = node.getAttribute('src');
  if (src !== null && !imageAllowed.test(src.trim())) node.removeAttribute('src');
  // Outside links open in a new tab without handing the page over (the server sets this too).
  if (node.tagName === 'A' && node.hasAttribute('target')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'],
  ADD_ATTR: ['target'],
  FORBID_ATTR: ['style', 'class', 'id'],
};

/** Sanitises rich text again in the browser (GUIDE §10): what the server stored already passed its allow-list. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, config) as unknown as string;
}

/**
 * Rich text of notices, announcements and help articles: the server's sanitised HTML, sanitised once more here.
 * Import it only from lazily loaded screens, so DOMPurify stays out of the first load.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server and again by DOMPurify just above
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
