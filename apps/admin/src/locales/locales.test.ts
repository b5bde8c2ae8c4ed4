import {
  completenessProblems,
  doubleBraces,
  flattenTexts,
  loanwords,
} from '@tala/contracts/locale-completeness';
import { describe, expect, it } from 'vitest';
import { adminLanguages } from '../lib/i18n.ts';
import { en } from './en.ts';

// Every language file of the back office (`<code>.ts` beside en.ts), found on disk so a new one is checked at once.
const files = import.meta.glob<Record<string, unknown>>('./{ty,cn,id,th,vi}.ts', { eager: true });
const languages = Object.entries(files).map(([path, file]) => {
  const code = path.slice(2, -3);
  return { code, upper: code.toUpperCase(), texts: file[code] };
});
const english = flattenTexts(en);

describe('the back office’s language files', () => {
  it('are TY, CN and ID at least, each offered by the language picker', () => {
    expect(languages.map((language) => language.upper)).toEqual(expect.arrayContaining(['TY', 'CN', 'ID']));
    for (const { upper } of languages)
      expect(adminLanguages, `${upper} is wired in lib/i18n.ts`).toContain(upper);
  });

  it.each(languages)(
    '$upper has every English key, its placeholders and no English left',
    ({ upper, texts }) => {
      const own = loanwords[upper as keyof typeof loanwords];
      expect(
        completenessProblems(english, flattenTexts(texts), {
          placeholders: doubleBraces,
          noEnglish: upper !== 'TY',
          sameInThisLanguage: own,
        }),
      ).toEqual([]);
    },
  );
});
