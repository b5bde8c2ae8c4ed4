import {
  completenessProblems,
  doubleBraces,
  flattenTexts,
  loanwords,
} from '@tala/contracts/locale-completeness';
import { describe, expect, it } from 'vitest';
import cn from './cn.json';
import en from './en.json';
import enDeferred from './en-deferred.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

// English ships in two files: the first load's, and the texts fetched with the pages that show them.
const english = new Map([...flattenTexts(en), ...flattenTexts(enDeferred)]);

describe.each([
  ['TY', ty],
  ['CN', cn],
  ['ID', id],
  ['TH', th],
  ['VI', vi],
] as const)('%s language file of the site', (code, file) => {
  it('has every key of the English files and no other, their placeholders and no English left', () => {
    expect(
      completenessProblems(english, flattenTexts(file), {
        placeholders: doubleBraces,
        noEnglish: code !== 'TY',
        sameInThisLanguage: code === 'TY' ? [] : loanwords[code],
      }),
    ).toEqual([]);
  });
});
