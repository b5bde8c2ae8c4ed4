import {
  completenessProblems,
  doubleBraces,
  flattenTexts,
  loanwords,
} from '@tala/contracts/locale-completeness';
import { describe, expect, it } from 'vitest';
import { namedOutcomes } from '../market-names.ts';
import { cn } from './cn.ts';
import { en } from './en.ts';
import { id } from './id.ts';
import { th } from './th.ts';
import { ty } from './ty.ts';
import { vi } from './vi.ts';

const english = flattenTexts(en);

describe('the names of sports, markets and outcomes, one table per language for both apps', () => {
  it('names every outcome the naming rules look up, in English', () => {
    expect(Object.keys(en.outcomeNames).sort()).toEqual([...namedOutcomes].sort());
  });

  it.each([
    ['TY', ty],
    ['CN', cn],
    ['ID', id],
    ['TH', th],
    ['VI', vi],
  ] as const)('%s has every English key, its placeholders and no English left', (code, table) => {
    expect(
      completenessProblems(english, flattenTexts(table), {
        placeholders: doubleBraces,
        noEnglish: code !== 'TY',
        sameInThisLanguage: code === 'TY' ? [] : loanwords[code],
      }),
    ).toEqual([]);
  });
});
