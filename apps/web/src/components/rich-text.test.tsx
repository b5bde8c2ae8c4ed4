import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './rich-text.tsx';

describe('sanitizeHtml', () => {
  it('keeps structure and drops script, handlers and script links', () => {
    const clean = sanitizeHtml(
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">a</a><a href="/help">help</a><a href="https://e.org" target="_blank">o</a></p>',
    );
    expect(clean).toContain('<b>there</b>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('href="/help"');
    expect(clean).toContain('rel="noopener noreferrer nofollow"');
  });

  it('refuses protocol-relative links and inline styles', () => {
    const clean = sanitizeHtml('<a href="//evil.example">x</a><p style="position:fixed">y</p>');
    expect(clean).not.toContain('evil.example');
    expect(clean).not.toContain('style');
  });
});
