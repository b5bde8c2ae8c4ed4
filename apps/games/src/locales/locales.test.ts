import { languageCodes } from '@tala/contracts/language-codes';
import {
  completenessProblems,
  doubleBraces,
  flattenTexts,
  loanwords,
} from '@tala/contracts/locale-completeness';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from '../lib/i18n.ts';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { id } from './id.ts';
import { th } from './th.ts';
import { ty } from './ty.ts';
import { vi } from './vi.ts';

const english = flattenTexts(en);

describe.each([
  ['TY', ty],
  ['CN', cn],
  ['ID', id],
  ['TH', th],
  ['VI', vi],
] as const)('the game client’s %s texts', (code, file) => {
  it('have every key of the English file and no other, its placeholders and no English left', () => {
    expect(
      completenessProblems(english, flattenTexts(file), {
        placeholders: doubleBraces,
        noEnglish: code !== 'TY',
        sameInThisLanguage: code === 'TY' ? [] : loanwords[code],
      }),
    ).toEqual([]);
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
