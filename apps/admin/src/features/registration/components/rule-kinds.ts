import type { PatternId, patternKinds, RuleField } from '@tala/contracts/registration-rules';

/**
 * The pattern of each kind, copied from the contract (the back office takes only types from it, so zod stays on the
 * server). The type is the contract's own literal one: a copy that drifts by one character fails the type check.
 */
export const kinds: typeof patternKinds = {
  ANY: '*',
  LETTER_FIRST_ALPHANUMERIC: '^[A-Za-z][A-Za-z0-9]*$',
  CHINESE_DIGITS: '^[\\p{Script=Han}0-9]+$',
  EMAIL: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$',
  ALPHANUMERIC: '^[A-Za-z0-9]+$',
  LETTERS_AND_DIGITS: '^(?=[^A-Za-z]*[A-Za-z])(?=[^0-9]*[0-9])[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALPHANUMERIC_WITH_CAPITAL: '^(?=[^A-Z]*[A-Z])[A-Za-z0-9]+$',
  LETTERS_SPACES: '^[A-Za-z ]+$',
  NO_SPACES: '^[^\\s]+$',
  CHINESE_PUNCTUATION: '^[\\p{Script=Han}\\p{P}]+$',
  DATE: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4})$',
  KOREAN: '^[\\p{Script=Hangul}]+$',
  THAI: '^[\\p{Script=Thai}]+$',
  THAI_ENGLISH_SPACES: '^[\\p{Script=Thai}A-Za-z ]+$',
  UPPERCASE_SPACES: '^[A-Z ]+$',
  STRONG_PASSWORD:
    '^(?=[^A-Z]*[A-Z])(?=[^a-z]*[a-z])(?=[^0-9]*[0-9])(?=[A-Za-z0-9\\s]*[^A-Za-z0-9\\s])[^\\s]+$',
};
export const kindIds = Object.keys(kinds) as PatternId[];

/** Fields that are always shown and required. */
export const fixedFields: readonly RuleField[] = ['username', 'password'];
