import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isScriptUrl, linkageProblem, linkageTypes, siteLinkProblem } from './content.ts';
import { pickLanguage } from './language-codes.ts';

/** Ways to write `javascript:` that browsers still run. */
const disguise = fc.record({
  cases: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
  lead: fc.constantFrom('', ' ', '\t', '\n', '\u0001', '\u200b'),
  inside: fc.constantFrom('', '\t', '\n', '\r', '&#x09;', '&#9;', '&Tab;'),
  at: fc.integer({ min: 1, max: 9 }),
});

function scriptUrl(d: { cases: boolean[]; lead: string; inside: string; at: number }) {
  const word = [...'javascript'].map((c, i) => (d.cases[i] ? c.toUpperCase() : c)).join('');
  return `${d.lead}${word.slice(0, d.at)}${d.inside}${word.slice(d.at)}:alert(1)`;
}

describe('link checks', () => {
  it('refuse javascript: in any case, spacing or entity disguise, for every link type', () => {
    fc.assert(
      fc.property(disguise, fc.constantFrom(...linkageTypes), (d, type) => {
        const url = scriptUrl(d);
        expect(isScriptUrl(url)).toBe(true);
        expect(linkageProblem(type, url)).toBe('unsafe');
        expect(siteLinkProblem(url)).toBe('unsafe');
      }),
    );
  });

  it('accept site paths and http(s) addresses, and nothing protocol-relative', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const site = `/${path.replace(/^\/+/, '')}`;
        expect(siteLinkProblem(site)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        expect(linkageProblem('URL', url)).toBeNull();
      }),
    );
    for (const url of ['//evil.example/x', '/\\evil.example', 'mailto:a@b.c', 'ftp://x.example/y'])
      expect(siteLinkProblem(url), url).toBe('invalid');
    expect(linkageProblem('ROUTE', '//evil.example')).toBe('invalid');
    expect(linkageProblem('GAME', '0')).toBe('invalid');
    expect(linkageProblem('GAME', '1204')).toBeNull();
  });
});

describe('language fallback', () => {
  it('picks the language, else EN', () => {
    const texts = { EN: 'Hello', TY: 'Kumusta' };
    expect(pickLanguage(texts, 'TY')).toBe('Kumusta');
    expect(pickLanguage(texts, 'VI')).toBe('Hello');
  });
});
