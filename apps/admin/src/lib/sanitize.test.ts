import { describe, expect, it } from 'vitest';
import { isScriptUrl, sanitizeRichText } from './sanitize.ts';

describe('rich-text preview sanitiser', () => {
  it('keeps the allow-listed structure and emphasis', () => {
    expect(
      sanitizeRichText(
        '<h3>Title</h3><p>Some <strong>bold</strong> and <em>soft</em> text</p><ul><li>one</li></ul>',
      ),
    ).toBe('<h3>Title</h3><p>Some <strong>bold</strong> and <em>soft</em> text</p><ul><li>one</li></ul>');
  });

  it('drops scripts, styles, frames and SVG with their content, and every event handler', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">a</p><script>alert(1)</script><style>p{}</style><iframe src="/x"></iframe>' +
        '<svg><script>alert(2)</script></svg><img src="/wps/content/images/abc" onerror="alert(3)">',
    );
    expect(out).toBe('<p>a</p><img src="/wps/content/images/abc">');
  });

  it('removes script links, also disguised, and keeps web, mail and site links', () => {
    const out = sanitizeRichText(
      '<a href="javascript:alert(1)">a</a><a href=" JaVa&#x0A;Script:alert(1)">b</a>' +
        '<a href="data:text/html,x">c</a><a href="https://example.com/">d</a><a href="/help">e</a>' +
        '<a href="mailto:help@example.com">f</a><a href="//evil.example/">g</a>',
    );
    expect(out).toBe(
      '<a>a</a><a>b</a><a>c</a><a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">d</a>' +
        '<a href="/help">e</a><a href="mailto:help@example.com">f</a><a>g</a>',
    );
  });

  it('keeps images from this site only', () => {
    expect(sanitizeRichText('<img src="https://tracker.example/p.gif"><img src="/a.png" alt="A">')).toBe(
      '<img src="/a.png" alt="A">',
    );
  });

  it('keeps the text of tags off the list', () => {
    expect(sanitizeRichText('<form><label>Name <input value="x"></label></form><font>old</font>')).toBe(
      'Name old',
    );
  });

  it('recognises script schemes hidden with case, controls and entities', () => {
    for (const url of [
      'javascript:x',
      ' JAVASCRIPT:x',
      'java\tscript:x',
      'java&#x09;script:x',
      'vbscript:x',
      'data:x',
    ])
      expect(isScriptUrl(url), url).toBe(true);
    for (const url of ['https://example.com', '/help', 'mailto:a@b.c'])
      expect(isScriptUrl(url), url).toBe(false);
  });
});
