import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digits, lower, patternCases, stringOf } from './registration-rules.arbitraries.ts';
import {
  checkRule,
  defaultRegistrationRules,
  isConfusable,
  lengthText,
  matchesRule,
  patternIds,
  patternKinds,
  registrationRule,
  registrationRuleSet,
  rule,
  ruleMessage,
  ruleMessages,
  valueLength,
} from './registration-rules.ts';

describe('the seventeen pattern kinds', () => {
  it('has exactly seventeen kinds, one test case set each', () => {
    expect(patternIds).toHaveLength(17);
    expect(Object.keys(patternCases).sort()).toEqual([...patternIds].sort());
  });

  for (const kind of patternIds) {
    const { valid, invalid } = patternCases[kind];
    it(`${kind} accepts what it describes`, () => {
      fc.assert(
        fc.property(valid, (value) => {
          expect(matchesRule(value, { patternId: kind, minLength: 0, maxLength: 255 }), value).toBe(true);
        }),
        { numRuns: 200 },
      );
    });
    it(`${kind} refuses what it does not`, () => {
      fc.assert(
        fc.property(invalid, (value) => {
          expect(matchesRule(value, { patternId: kind, minLength: 1, maxLength: 255 }), value).toBe(false);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('treats * as anything at all, within the length', () => {
    expect(patternKinds.ANY).toBe('*');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (value) => {
        const length = valueLength(value);
        expect(matchesRule(value, { patternId: 'ANY', minLength: 0, maxLength: 255 })).toBe(true);
        expect(matchesRule(value, { patternId: 'ANY', minLength: length + 1, maxLength: 255 })).toBe(false);
      }),
    );
  });
});

describe('lengths', () => {
  it('accepts a value exactly when its length lies within min and max', () => {
    fc.assert(
      fc.property(
        stringOf(lower + digits, 0, 40),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (value, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const inRange = value.length >= min && value.length <= Math.max(max, 1);
          expect(matchesRule(value, { patternId: 'ANY', minLength: min, maxLength: Math.max(max, 1) })).toBe(
            inRange,
          );
        },
      ),
    );
  });

  it('counts code points, so a Han character or an emoji is one', () => {
    expect(valueLength('中文')).toBe(2);
    expect(valueLength('😀a')).toBe(2);
    expect(matchesRule('中文字', { patternId: 'CHINESE_DIGITS', minLength: 3, maxLength: 3 })).toBe(true);
  });
});

describe('checkRule', () => {
  const mobile = rule('mobileNum', 'DIGITS', 10, 10, { required: true });

  it('ignores hidden fields, fails empty required ones and lets empty optional ones pass', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (value) => {
        expect(checkRule(value, { ...mobile, show: false })).toBeNull();
      }),
    );
    expect(checkRule('', mobile)).toMatchObject({ field: 'mobileNum', reason: 'required' });
    expect(checkRule('   ', mobile)).toMatchObject({ reason: 'required' });
    expect(checkRule(undefined, { ...mobile, required: false })).toBeNull();
    expect(checkRule('12345', mobile)).toMatchObject({
      reason: 'pattern',
      patternId: 'DIGITS',
      min: 10,
      max: 10,
    });
    expect(checkRule('9171234567', mobile)).toBeNull();
  });

  it('refuses look-alike usernames whatever the pattern: full-width letters, invisible characters', () => {
    const anyName = rule('username', 'ANY', 1, 30, { required: true });
    for (const name of ['ｄｅｍｏ', 'demo\u200b', 'de\u00admo', 'ﬁnance', 'demo\n'])
      expect(checkRule(name, anyName), JSON.stringify(name)).toMatchObject({ reason: 'pattern' });
    expect(checkRule('demo', anyName)).toBeNull();
    // Other fields keep full-width punctuation, which Chinese names use.
    expect(checkRule('（中）', rule('payeeName', 'CHINESE_PUNCTUATION', 1, 10))).toBeNull();
    expect(isConfusable('ｄｅｍｏ')).toBe(true);
  });

  it('answers the same for any value as the pattern and length say (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...patternIds),
        fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 10, max: 30 }),
        (kind, value, min, max) => {
          const r = rule('username', kind, min, max, { required: true });
          const failure = checkRule(value, r);
          if (value.trim() === '') expect(failure?.reason).toBe('required');
          else expect(failure === null).toBe(matchesRule(value, r) && !isConfusable(value));
        },
      ),
    );
  });
});

describe('messages', () => {
  it('fill in the range, or one number when min equals max', () => {
    expect(lengthText(6, 16)).toBe('6-16');
    expect(lengthText(10, 10)).toBe('10');
    expect(ruleMessage({ reason: 'pattern', patternId: 'DIGITS', min: 10, max: 10 })).toBe(
      'Digits only; 10 digits.',
    );
    expect(
      ruleMessage({ reason: 'pattern', patternId: 'LETTER_FIRST_ALPHANUMERIC', min: 6, max: 16 }, 'TY'),
    ).toBe('Magsimula sa titik, pagkatapos ay mga titik at numero lamang; 6-16 na character.');
    expect(ruleMessage({ reason: 'required', patternId: 'ANY', min: 1, max: 5 }, 'TY')).toBe(
      'Kailangan ang field na ito.',
    );
    // A language without its own texts reads English.
    expect(ruleMessage({ reason: 'pattern', patternId: 'EMAIL', min: 6, max: 100 }, 'VI')).toContain(
      'e-mail',
    );
  });

  it('exist in EN and TY for every pattern id, each with the length where the rule has one', () => {
    for (const language of ['EN', 'TY'] as const) {
      const messages = ruleMessages[language];
      expect(messages).toBeDefined();
      for (const kind of patternIds) {
        const text = messages?.[kind] ?? '';
        expect(text.length).toBeGreaterThan(5);
        if (kind !== 'DATE') expect(text, `${language} ${kind}`).toContain('{length}');
      }
    }
  });
});

describe('rule sets', () => {
  it('the default set is valid and covers every field once', () => {
    expect(registrationRuleSet.safeParse(defaultRegistrationRules()).success).toBe(true);
  });

  it('refuses a pattern that is not the kind of its id, min above max, and optional usernames', () => {
    const base = rule('email', 'EMAIL', 6, 100);
    expect(registrationRule.safeParse({ ...base, acceptedPattern: '(a+)+$' }).success).toBe(false);
    expect(registrationRule.safeParse({ ...base, minLength: 50, maxLength: 10 }).success).toBe(false);
    expect(
      registrationRule.safeParse({ ...rule('username', 'ALPHANUMERIC', 4, 10), required: false }).success,
    ).toBe(false);
    const set = defaultRegistrationRules();
    expect(registrationRuleSet.safeParse([...set.slice(1), set[1]]).success).toBe(false);
  });
});
