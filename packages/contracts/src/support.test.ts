import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords } from './support.ts';

describe('countWords (feedback bounds)', () => {
  it('counts words separated by any spacing and punctuation', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), { maxLength: 60 }),
        fc.array(fc.constantFrom(' ', '  ', '\n', '\t', ', ', '. ', ' - ', '!\n'), {
          minLength: 60,
          maxLength: 60,
        }),
        (words, separators) => {
          const text = words.map((w, i) => `${w}${separators[i]}`).join('');
          expect(countWords(text)).toBe(words.length);
        },
      ),
    );
  });

  it('counts Tagalog words and each Han character', () => {
    expect(countWords('Hindi pa pumapasok ang deposito ko.')).toBe(6);
    expect(countWords('我的存款没有到账')).toBe(8);
    expect(countWords('   ')).toBe(0);
  });
});
