import { type CheckedRule, matchesRule } from '@tala/contracts/rule-check';

/** Whether a mobile number fits the merchant's mobile rule (its digit count is configurable, §5). */
export function validMobile(value: string, rules: CheckedRule[] | undefined): boolean {
  const rule = rules?.find((r) => r.field === 'mobileNum');
  const digits = value.trim();
  if (!/^[0-9]+$/.test(digits)) return false;
  return rule ? matchesRule(digits, rule) : digits.length >= 7 && digits.length <= 15;
}

/** The dialling code to start with: the visitor's country when allowed, else the merchant's first. */
export function initialDialingCode(allowed: string[], visitor: string | null | undefined): string {
  if (visitor && allowed.includes(visitor)) return visitor;
  return allowed[0] ?? '+63';
}
