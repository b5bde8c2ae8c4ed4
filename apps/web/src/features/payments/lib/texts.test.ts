import { describe, expect, it } from 'vitest';
import { type PaymentTextKey, paymentText } from './texts.ts';
import { CN, ID, TH, VI } from './texts-more.ts';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('payment page texts', () => {
  const keys = leaves(CN as unknown as Tree) as PaymentTextKey[];

  it.each(['EN', 'TY', 'CN', 'ID', 'TH', 'VI'] as const)(
    '%s has a text with the same placeholders for every key',
    (language) => {
      for (const key of keys) {
        const english = paymentText('EN', key);
        const text = paymentText(language, key);
        expect(text.trim(), key).not.toBe('');
        expect(text, key).not.toBe(key);
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    },
  );

  it('fills the placeholders', () => {
    expect(paymentText('EN', 'transfer.sent', { amount: 'P100', name: 'player1', balance: 'P900' })).toBe(
      'P100 sent to player1. Your balance: P900.',
    );
    expect(paymentText('TY', 'amountHint', { min: 'P100', max: 'P50,000' })).toBe(
      'Mula P100 hanggang P50,000',
    );
  });

  it('keeps the four other languages to the same keys', () => {
    for (const table of [ID, TH, VI])
      expect(leaves(table as unknown as Tree).sort()).toEqual([...keys].sort());
  });
});
