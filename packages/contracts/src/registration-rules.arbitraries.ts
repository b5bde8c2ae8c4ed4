// Test data for the seventeen pattern kinds: values each kind must accept and values it must refuse. Shared by the
// contracts tests (the checker the site runs) and the server tests (the same checker behind the API).
import fc from 'fast-check';
import type { PatternId } from './registration-rules.ts';

const chars = (alphabet: string) => fc.constantFrom(...[...alphabet]);
export const stringOf = (alphabet: string, min = 1, max = 20) =>
  fc.array(chars(alphabet), { minLength: min, maxLength: max }).map((a) => a.join(''));

export const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const digits = '0123456789';
const han = '中文字张王李刘陈杨黄欧阳娜';
const hanPunctuation = '·，。、！？（）《》';
const hangul = '가나다라마바사아자차카타파하한국어';
const thai = 'กขคงจฉชซญฎฏฐดตถทธนบปผพฟภมยรลวศสหอฮะาิีึืุูเแโใไ่้๊๋';
const specials = '!@#$%^&*()-_=+[]{};:,.<>/?~';

/** Values each kind must accept, and values it must refuse. */
export const patternCases: Record<PatternId, { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<string> }> =
  {
    ANY: { valid: fc.string({ minLength: 1, maxLength: 20 }), invalid: fc.constant('') },
    LETTER_FIRST_ALPHANUMERIC: {
      valid: fc.tuple(chars(lower + upper), stringOf(lower + upper + digits, 0, 15)).map(([a, b]) => a + b),
      invalid: fc.oneof(
        fc.tuple(chars(digits), stringOf(lower + digits, 0, 10)).map(([a, b]) => a + b),
        fc.tuple(stringOf(lower, 1, 5), chars(`${specials} `)).map(([a, b]) => a + b),
      ),
    },
    CHINESE_DIGITS: {
      valid: stringOf(han + digits),
      invalid: fc.tuple(stringOf(han + digits, 0, 5), chars(`${lower} ${specials}`)).map(([a, b]) => a + b),
    },
    EMAIL: {
      valid: fc
        .tuple(
          stringOf(`${lower}${digits}._+-`, 1, 10),
          stringOf(lower + digits, 1, 10),
          stringOf(lower, 2, 6),
        )
        .map(([name, domain, tld]) => `${name}@${domain}.${tld}`),
      invalid: fc.oneof(
        stringOf(lower + digits, 1, 15),
        fc.tuple(stringOf(lower, 1, 5), stringOf(lower, 1, 5)).map(([a, b]) => `${a}@${b}`),
        fc.tuple(stringOf(lower, 1, 5), stringOf(lower, 1, 5)).map(([a, b]) => `${a} @${b}.com`),
      ),
    },
    ALPHANUMERIC: {
      valid: stringOf(lower + upper + digits),
      invalid: fc.tuple(stringOf(lower, 0, 5), chars(`${specials} ${han}`)).map(([a, b]) => a + b),
    },
    LETTERS_AND_DIGITS: {
      valid: fc
        .tuple(stringOf(lower + upper, 1, 8), stringOf(digits, 1, 8), fc.boolean())
        .map(([l, d, first]) => (first ? l + d : d + l)),
      invalid: fc.oneof(stringOf(lower + upper), stringOf(digits), fc.constant('abc12!')),
    },
    DIGITS: {
      valid: stringOf(digits),
      invalid: fc.tuple(stringOf(digits, 0, 5), chars(`${lower}+- .`)).map(([a, b]) => a + b),
    },
    ALPHANUMERIC_WITH_CAPITAL: {
      valid: fc.tuple(stringOf(lower + digits, 0, 8), chars(upper)).map(([a, b]) => a + b),
      invalid: fc.oneof(stringOf(lower + digits), fc.constant('Abc!')),
    },
    LETTERS_SPACES: {
      valid: stringOf(`${lower}${upper} `).filter((s) => s.length > 0),
      invalid: fc.tuple(stringOf(lower, 0, 5), chars(digits + specials)).map(([a, b]) => a + b),
    },
    NO_SPACES: {
      valid: stringOf(lower + upper + digits + specials + han),
      invalid: fc
        .tuple(stringOf(lower, 0, 5), chars(' \t\n'), stringOf(lower, 0, 5))
        .map(([a, b, c]) => a + b + c),
    },
    CHINESE_PUNCTUATION: {
      valid: stringOf(han + hanPunctuation),
      invalid: fc.tuple(stringOf(han, 0, 5), chars(lower + digits)).map(([a, b]) => a + b),
    },
    DATE: {
      valid: fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .chain((d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-');
          return fc.constantFrom(iso, `${m}-${day}-${y}`);
        }),
      invalid: fc.oneof(
        fc.constantFrom(
          '2023-02-30',
          '2023-13-01',
          '02-29-2023',
          '2024/01/01',
          '24-01-01',
          '2024-1-1',
          '00-10-2024',
        ),
        stringOf(lower, 1, 10),
      ),
    },
    KOREAN: {
      valid: stringOf(hangul),
      invalid: fc.tuple(stringOf(hangul, 0, 5), chars(`${lower}${digits} `)).map(([a, b]) => a + b),
    },
    THAI: {
      valid: stringOf(thai),
      invalid: fc.tuple(stringOf(thai, 0, 5), chars(`${lower}${digits} `)).map(([a, b]) => a + b),
    },
    THAI_ENGLISH_SPACES: {
      valid: stringOf(`${thai}${lower}${upper} `),
      invalid: fc.tuple(stringOf(thai, 0, 5), chars(digits + specials)).map(([a, b]) => a + b),
    },
    UPPERCASE_SPACES: {
      valid: stringOf(`${upper} `),
      invalid: fc.tuple(stringOf(upper, 0, 5), chars(lower + digits)).map(([a, b]) => a + b),
    },
    STRONG_PASSWORD: {
      valid: fc
        .tuple(
          chars(upper),
          chars(lower),
          chars(digits),
          chars(specials),
          stringOf(lower + upper + digits + specials, 0, 8),
        )
        .chain((parts) => fc.shuffledSubarray(parts, { minLength: 5, maxLength: 5 }))
        .map((parts) => parts.join('')),
      invalid: fc.oneof(
        stringOf(lower + upper + digits),
        stringOf(upper + digits + specials),
        stringOf(lower + digits + specials),
        stringOf(lower + upper + specials),
        fc.constant('Aa1! bcd'),
      ),
    },
  };
