import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, maxPostingAmount } from './wallet.ts';

describe('checkAmount', () => {
  it('accepts every whole amount from one unit to the limit, as a number or a string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxPostingAmount }), (amount) => {
        expect(checkAmount(amount)).toEqual({ ok: true, amount });
        expect(checkAmount(String(amount))).toEqual({ ok: true, amount });
        expect(checkAmount(` ${amount}.00 `)).toEqual({ ok: true, amount });
        expect(checkAmount(-amount, { signed: true })).toEqual({ ok: true, amount: -amount });
      }),
    );
  });

  it('refuses zero, negative, fractional, oversized and non-numbers, each with its own code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxPostingAmount }), (amount) => {
        expect(checkAmount(-amount)).toEqual({ ok: false, code: 'amount_negative' });
        expect(checkAmount(`-${amount}`)).toEqual({ ok: false, code: 'amount_negative' });
        expect(checkAmount(amount + maxPostingAmount)).toEqual({ ok: false, code: 'amount_over_limit' });
        expect(checkAmount(`${amount}.5`)).toEqual({ ok: false, code: 'amount_too_precise' });
        expect(checkAmount(`-${amount}.5`, { signed: true })).toEqual({
          ok: false,
          code: 'amount_too_precise',
        });
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (value) => {
          expect(checkAmount(value)).toEqual({
            ok: false,
            code: value < 0 ? 'amount_negative' : 'amount_too_precise',
          });
          expect(checkAmount(value, { signed: true })).toEqual({ ok: false, code: 'amount_too_precise' });
        },
      ),
    );
    for (const zero of [0, -0, '0', '-0', '0.000', ' 0 ']) {
      expect(checkAmount(zero)).toEqual({ ok: false, code: 'amount_zero' });
    }
    for (const junk of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      null,
      undefined,
      true,
      {},
      [],
      [5],
      '',
      ' ',
      'abc',
      '1e3',
      '1,000',
      '12.',
      '.5',
      '0x10',
      '١٢',
    ]) {
      expect(checkAmount(junk)).toEqual({ ok: false, code: 'amount_not_a_number' });
    }
    expect(checkAmount('9'.repeat(40))).toEqual({ ok: false, code: 'amount_over_limit' });
    expect(checkAmount(1e300)).toEqual({ ok: false, code: 'amount_over_limit' });
  });

  it('applies a merchant’s minimum and maximum', () => {
    const limits = { min: 10_000, max: 5_000_000 };
    expect(checkAmount(9_999, limits)).toEqual({ ok: false, code: 'amount_below_minimum' });
    expect(checkAmount(10_000, limits)).toEqual({ ok: true, amount: 10_000 });
    expect(checkAmount(5_000_000, limits)).toEqual({ ok: true, amount: 5_000_000 });
    expect(checkAmount(5_000_001, limits)).toEqual({ ok: false, code: 'amount_over_limit' });
    // A maximum above the ledger's own limit does not lift it.
    expect(checkAmount(maxPostingAmount + 1, { max: maxPostingAmount * 10 })).toEqual({
      ok: false,
      code: 'amount_over_limit',
    });
  });
});
