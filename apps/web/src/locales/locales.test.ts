import { describe, expect, it } from 'vitest';
import cn from './cn.json';
import en from './en.json';
import enDeferred from './en-deferred.json';
import id from './id.json';
import th from './th.json';
import ty from './ty.json';
import vi from './vi.json';

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : entries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
// English ships in two files: the first load's, and the texts fetched with the pages that show them.
const reference = new Map([...entries(en), ...entries(enDeferred as Tree)]);

describe.each([
  ['TY', ty],
  ['CN', cn],
  ['ID', id],
  ['TH', th],
  ['VI', vi],
])('%s language file', (_code, file) => {
  const own = new Map(entries(file as Tree));

  it('has every key of the English file and no other', () => {
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
  });

  it('keeps every interpolation placeholder and leaves no entry empty', () => {
    for (const [key, text] of reference) {
      const translated = own.get(key) ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });
});
