import { languageCodes } from '@tala/contracts/language-codes';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from '../lib/i18n.ts';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { id } from './id.ts';
import { th } from './th.ts';
import { ty } from './ty.ts';
import { vi } from './vi.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['TY', ty],
  ['CN', cn],
  ['ID', id],
  ['TH', th],
  ['VI', vi],
])('the game client’s %s texts', (_code, file) => {
  const own = new Map(Object.entries(file as Record<string, string>));

  it('have every key of the English file and no other', () => {
    expect([...own.keys()].sort()).toEqual(Object.keys(en).sort());
  });

  it('keep every interpolation placeholder and leave no entry empty', () => {
    for (const [key, text] of Object.entries(en)) {
      const translated = own.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });
});

describe('the game client’s language', () => {
  it('is the launch address’s lang, else the site’s kept choice, else English', () => {
    for (const code of languageCodes) {
      expect(initialLanguage(`?lang=${code.toLowerCase()}`, null)).toBe(code);
      expect(initialLanguage('', code)).toBe(code);
    }
    expect(initialLanguage('?lang=VI', 'CN')).toBe('VI');
    expect(initialLanguage('?lang=XX', 'th')).toBe('TH');
    expect(initialLanguage('', 'JA')).toBe('EN');
    expect(initialLanguage('', null)).toBe('EN');
  });
});
