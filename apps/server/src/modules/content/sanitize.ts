import { isScriptUrl } from '@tala/contracts/content';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of rich text (notices, announcements, help articles): structure and emphasis, links to web,
 * mail and site addresses, images from this site only. No script, style, event handler, form, frame or SVG; no
 * `style` or `class` attributes (nothing that lets content restyle or overlay the page).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag, not shown as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      const next: Record<string, string> = { ...attribs };
      if (isScriptUrl(href)) delete next.href;
      if (external) {
        next.target = '_blank';
        next.rel = 'noopener noreferrer nofollow';
      } else {
        delete next.target;
        delete next.rel;
      }
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      // Images come from this site only (uploads are served from /wps/content/images/...): no tracking pixels.
      const next: Record<string, string> = { ...attribs };
      if (!/^\/(?!\/)/.test(src) || isScriptUrl(src)) delete next.src;
      return { tagName, attribs: next };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Rich text reduced to the allow-list; stored and served only in this form. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether sanitised rich text has anything a reader would see (text or an image). */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '').length > 0;
}
