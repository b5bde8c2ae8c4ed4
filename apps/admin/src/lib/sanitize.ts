/**
 * The back office's own reduction of rich text for previews, mirroring the server's allow-list
 * (apps/server/src/modules/content/sanitize.ts): the server sanitises what it stores, and the preview must be
 * inert before that too, while the operator is still typing. Parsing happens in an inert document (DOMParser runs
 * no script and loads nothing); the result is shown in a sandboxed frame on top.
 */
const allowedTags = new Set([
  'P',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SUB',
  'SUP',
  'SMALL',
  'MARK',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'UL',
  'OL',
  'LI',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'SPAN',
  'DIV',
]);
/** Elements dropped with everything inside them (their text is not content). */
const droppedWithContent = new Set([
  'SCRIPT',
  'STYLE',
  'TEXTAREA',
  'OPTION',
  'NOSCRIPT',
  'TITLE',
  'IFRAME',
  'OBJECT',
  'SVG',
  'MATH',
  'TEMPLATE',
  'EMBED',
  'FRAME',
  'FRAMESET',
]);
const allowedAttributes: Record<string, readonly string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'width', 'height'],
  TH: ['colspan', 'rowspan'],
  TD: ['colspan', 'rowspan'],
  OL: ['start'],
};

/** Whether a link names a script-capable scheme, also when disguised with case, spaces, controls or entities. */
export function isScriptUrl(value: string): boolean {
  const squeezed = value
    .replace(/&#x?[0-9a-f]+;?|&[a-z]+;/gi, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what an attacker hides in a scheme
    .replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
    .toLowerCase();
  return /^(javascript|vbscript|data|file|blob):/.test(squeezed);
}

function safeHref(href: string): boolean {
  const value = href.trim();
  if (isScriptUrl(value)) return false;
  return /^(https?:|mailto:)/i.test(value) || /^\/(?![/\\])/.test(value) || value.startsWith('#');
}

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (droppedWithContent.has(tag)) return null;
  const children = () => {
    const fragment = doc.createDocumentFragment();
    for (const child of Array.from(element.childNodes)) {
      const kept = clean(child, doc);
      if (kept) fragment.appendChild(kept);
    }
    return fragment;
  };
  // A tag off the list goes, its content stays (as the server's `discard` mode does).
  if (!allowedTags.has(tag)) return children();
  const copy = doc.createElement(tag.toLowerCase());
  for (const name of allowedAttributes[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    if (name === 'href' && !safeHref(value)) continue;
    if (name === 'src' && !/^\/(?![/\\])/.test(value.trim())) continue;
    copy.setAttribute(name, value);
  }
  if (tag === 'IMG' && !copy.hasAttribute('src')) return null;
  if (tag === 'A' && /^https?:/i.test(copy.getAttribute('href') ?? '')) {
    copy.setAttribute('target', '_blank');
    copy.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  copy.appendChild(children());
  return copy;
}

/** Rich text reduced to the allow-list, as HTML. */
export function sanitizeRichText(html: string): string {
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const target = document.implementation.createHTMLDocument('');
  const out = target.createElement('div');
  for (const child of Array.from(source.body.childNodes)) {
    const kept = clean(child, target);
    if (kept) out.appendChild(kept);
  }
  return out.innerHTML;
}
