import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text.ts';

describe('text PostgreSQL can store', () => {
  it('refuses NUL and lone surrogates, keeps every well-formed string', () => {
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('\udc00')).toBe(false);
    expect(isStorableText('ok 😀 ñ ＊ 中文')).toBe(true);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (s) => isStorableText(s.replaceAll('\u0000', '')) === true,
      ),
    );
  });

  it('names the path of the first bad string, keys included', () => {
    expect(findUnstorableText({ a: 'x', b: [{ c: 'y\u0000' }] }, '')).toBe('b.0.c');
    expect(findUnstorableText({ 'k\u0000': 1 }, 'query')).toBe('query.k\uFFFD');
    expect(findUnstorableText('x\ud800', 'username')).toBe('username');
    expect(findUnstorableText({ a: 1, b: null, c: ['fine'] }, '')).toBeUndefined();
  });
});
