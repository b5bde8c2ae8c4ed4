import type { LanguageCode } from './language-codes.ts';

// Zod-free (the player site's first load and its login form import it): the schemas are in registration-rules.ts.

/**
 * The registration rule check of spec §5, written once: the site's dialogs and the server both call `checkRule`.
 * A rule carries a pattern id (which names the message), a length range and the accepted pattern: an ECMAScript
 * regular expression source evaluated with the `u` flag, or `*` for anything. The accepted pattern of each rule is
 * the one of its pattern kind, so no editor can store an arbitrary (or catastrophically backtracking) expression.
 */
export const patternKinds = {
  /** Any characters. */
  ANY: '*',
  /** A leading letter, then letters and digits. */
  LETTER_FIRST_ALPHANUMERIC: '^[A-Za-z][A-Za-z0-9]*$',
  /** Chinese characters and digits. */
  CHINESE_DIGITS: '^[\\p{Script=Han}0-9]+$',
  /** An e-mail address. */
  EMAIL: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$',
  /** Letters and digits, no special characters. */
  ALPHANUMERIC: '^[A-Za-z0-9]+$',
  /** Letters and digits combined: at least one of each. */
  LETTERS_AND_DIGITS: '^(?=[^A-Za-z]*[A-Za-z])(?=[^0-9]*[0-9])[A-Za-z0-9]+$',
  /** Digits only. */
  DIGITS: '^[0-9]+$',
  /** Letters and digits with at least one capital letter. */
  ALPHANUMERIC_WITH_CAPITAL: '^(?=[^A-Z]*[A-Z])[A-Za-z0-9]+$',
  /** English letters and spaces only. */
  LETTERS_SPACES: '^[A-Za-z ]+$',
  /** Anything without spaces. */
  NO_SPACES: '^[^\\s]+$',
  /** Chinese characters and punctuation (names such as 欧阳·娜娜). */
  CHINESE_PUNCTUATION: '^[\\p{Script=Han}\\p{P}]+$',
  /** A date, yyyy-MM-dd or MM-dd-yyyy (the calendar is checked too). */
  DATE: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4})$',
  /** Korean only. */
  KOREAN: '^[\\p{Script=Hangul}]+$',
  /** Thai only (letters, vowels and tone marks). */
  THAI: '^[\\p{Script=Thai}]+$',
  /** Thai or English letters with spaces. */
  THAI_ENGLISH_SPACES: '^[\\p{Script=Thai}A-Za-z ]+$',
  /** Upper-case letters and spaces. */
  UPPERCASE_SPACES: '^[A-Z ]+$',
  /** At least one upper-case letter, one lower-case letter, one digit and one special symbol; no spaces. */
  STRONG_PASSWORD:
    '^(?=[^A-Z]*[A-Z])(?=[^a-z]*[a-z])(?=[^0-9]*[0-9])(?=[A-Za-z0-9\\s]*[^A-Za-z0-9\\s])[^\\s]+$',
} as const;

export type PatternId = keyof typeof patternKinds;
export const patternIds = Object.keys(patternKinds) as PatternId[];
/** The registration fields a merchant's rule set can show, require and constrain (spec §3 registration user). */
export const ruleFields = [
  'username',
  'password',
  'mobileNum',
  'payeeName',
  'email',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
  'captcha',
  'paymentPassword',
] as const;
export type RuleField = (typeof ruleFields)[number];
/** Longest value any rule may allow (the verification code maximum of §5 too). */
export const MAX_RULE_LENGTH = 255;

/** What the check reads of a rule (a RegistrationRule of registration-rules.ts has this shape). */
export type CheckedRule = {
  field: RuleField;
  show: boolean;
  required: boolean;
  patternId: PatternId;
  minLength: number;
  maxLength: number;
  acceptedPattern: string;
};

const compiled = new Map<string, RegExp>();
function regexOf(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/** Length as a person counts it: code points, so an emoji or a Han character is one. */
export function valueLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

function isCalendarDate(value: string): boolean {
  const [a, b, c] = value.split('-').map(Number) as [number, number, number];
  const [year, month, day] = value.indexOf('-') === 4 ? [a, b, c] : [c, a, b];
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether a value satisfies a rule's pattern and length (an empty value is the caller's "required" question). */
export function matchesRule(value: string, r: Pick<CheckedRule, 'patternId' | 'minLength' | 'maxLength'>) {
  const length = valueLength(value);
  if (length < r.minLength || length > r.maxLength) return false;
  const source = patternKinds[r.patternId];
  if (source === '*') return true;
  if (!regexOf(source).test(value)) return false;
  return r.patternId !== 'DATE' || isCalendarDate(value);
}

/**
 * Text that NFKC normalisation changes (full-width letters, ligatures) or that holds invisible or control
 * characters: refused in account names, where it would make look-alike accounts.
 */
export function isConfusable(value: string) {
  return value !== value.normalize('NFKC') || /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u.test(value);
}

export type RuleFailure = {
  field: string;
  reason: 'required' | 'pattern';
  patternId: PatternId;
  min: number;
  max: number;
};

/**
 * Checks one field's value against its rule: hidden fields are not checked (the caller ignores their values),
 * empty values fail only when required, anything else must match; a username must also not be confusable.
 */
export function checkRule(value: string | null | undefined, r: CheckedRule): RuleFailure | null {
  if (!r.show) return null;
  const text = value ?? '';
  const base = { field: r.field, patternId: r.patternId, min: r.minLength, max: r.maxLength };
  if (text.trim() === '') return r.required ? { ...base, reason: 'required' } : null;
  if (r.field === 'username' && isConfusable(text)) return { ...base, reason: 'pattern' };
  return matchesRule(text, r) ? null : { ...base, reason: 'pattern' };
}

/** The length part of a message: "6-16", or "6" when both ends are equal. */
export function lengthText(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

type RuleMessages = Record<PatternId | 'REQUIRED', string>;

/** Message per pattern id; {length} becomes "min-max" or the single number. */
export const ruleMessages: Partial<Record<LanguageCode, RuleMessages>> & { EN: RuleMessages } = {
  EN: {
    REQUIRED: 'This field is required.',
    ANY: 'Enter {length} characters.',
    LETTER_FIRST_ALPHANUMERIC: 'Start with a letter, then letters and digits only; {length} characters.',
    CHINESE_DIGITS: 'Chinese characters and digits only; {length} characters.',
    EMAIL: 'Enter a valid e-mail address of {length} characters.',
    ALPHANUMERIC: 'Letters and digits only, no special characters; {length} characters.',
    LETTERS_AND_DIGITS: 'Use both letters and digits; {length} characters.',
    DIGITS: 'Digits only; {length} digits.',
    ALPHANUMERIC_WITH_CAPITAL: 'Letters and digits with at least one capital letter; {length} characters.',
    LETTERS_SPACES: 'English letters and spaces only; {length} characters.',
    NO_SPACES: 'No spaces allowed; {length} characters.',
    CHINESE_PUNCTUATION: 'Chinese characters and punctuation only; {length} characters.',
    DATE: 'Enter a date as yyyy-MM-dd or MM-dd-yyyy.',
    KOREAN: 'Korean only; {length} characters.',
    THAI: 'Thai only; {length} characters.',
    THAI_ENGLISH_SPACES: 'Thai or English letters and spaces only; {length} characters.',
    UPPERCASE_SPACES: 'Upper-case letters and spaces only; {length} characters.',
    STRONG_PASSWORD:
      'At least one upper-case letter, one lower-case letter, one digit and one special symbol; {length} characters.',
  },
  TY: {
    REQUIRED: 'Kailangan ang field na ito.',
    ANY: 'Maglagay ng {length} na character.',
    LETTER_FIRST_ALPHANUMERIC:
      'Magsimula sa titik, pagkatapos ay mga titik at numero lamang; {length} na character.',
    CHINESE_DIGITS: 'Mga Chinese na character at numero lamang; {length} na character.',
    EMAIL: 'Maglagay ng wastong e-mail address na may {length} na character.',
    ALPHANUMERIC: 'Mga titik at numero lamang, walang espesyal na character; {length} na character.',
    LETTERS_AND_DIGITS: 'Gumamit ng parehong titik at numero; {length} na character.',
    DIGITS: 'Mga numero lamang; {length} na numero.',
    ALPHANUMERIC_WITH_CAPITAL:
      'Mga titik at numero na may kahit isang malaking titik; {length} na character.',
    LETTERS_SPACES: 'Mga titik sa Ingles at espasyo lamang; {length} na character.',
    NO_SPACES: 'Bawal ang espasyo; {length} na character.',
    CHINESE_PUNCTUATION: 'Mga Chinese na character at bantas lamang; {length} na character.',
    DATE: 'Ilagay ang petsa bilang yyyy-MM-dd o MM-dd-yyyy.',
    KOREAN: 'Korean lamang; {length} na character.',
    THAI: 'Thai lamang; {length} na character.',
    THAI_ENGLISH_SPACES: 'Mga titik na Thai o Ingles at espasyo lamang; {length} na character.',
    UPPERCASE_SPACES: 'Malalaking titik at espasyo lamang; {length} na character.',
    STRONG_PASSWORD:
      'Kahit isang malaking titik, isang maliit na titik, isang numero at isang espesyal na simbolo; {length} na character.',
  },
};

/** The localised message of a failed rule check (EN for languages without their own text). */
export function ruleMessage(failure: Omit<RuleFailure, 'field'>, language: LanguageCode = 'EN'): string {
  const messages = ruleMessages[language] ?? ruleMessages.EN;
  const key = failure.reason === 'required' ? 'REQUIRED' : failure.patternId;
  return messages[key].replace('{length}', lengthText(failure.min, failure.max));
}
