import { z } from 'zod';
import {
  MAX_RULE_LENGTH,
  type PatternId,
  patternIds,
  patternKinds,
  type RuleField,
  ruleFields,
} from './rule-check.ts';

// The check itself (patterns, checkRule, messages) is zod-free in rule-check.ts; this file adds the schemas.
export * from './rule-check.ts';

export const patternId = z.enum(patternIds as [PatternId, ...PatternId[]]);
export const ruleField = z.enum(ruleFields);

export const registrationRule = z
  .object({
    field: ruleField,
    /** The dialog shows the field. username and password are always shown. */
    show: z.boolean(),
    /** The field must be filled (only meaningful when shown). */
    required: z.boolean(),
    patternId,
    minLength: z.number().int().min(0).max(MAX_RULE_LENGTH),
    maxLength: z.number().int().min(1).max(MAX_RULE_LENGTH),
    /** The pattern of the kind, as sent to clients; derived from patternId. */
    acceptedPattern: z.string().max(300),
  })
  .superRefine((rule, ctx) => {
    if (rule.minLength > rule.maxLength)
      ctx.addIssue({ code: 'custom', path: ['minLength'], message: 'greater than maxLength' });
    if (rule.acceptedPattern !== patternKinds[rule.patternId])
      ctx.addIssue({ code: 'custom', path: ['acceptedPattern'], message: 'not the pattern of patternId' });
    if ((rule.field === 'username' || rule.field === 'password') && (!rule.show || !rule.required))
      ctx.addIssue({
        code: 'custom',
        path: ['required'],
        message: 'username and password are always required',
      });
  });
export type RegistrationRule = z.infer<typeof registrationRule>;

/** A whole rule set: one rule per field, each field once. */
export const registrationRuleSet = z
  .array(registrationRule)
  .length(ruleFields.length)
  .superRefine((rules, ctx) => {
    const seen = new Set(rules.map((r) => r.field));
    for (const field of ruleFields)
      if (!seen.has(field)) ctx.addIssue({ code: 'custom', path: [], message: `missing rule for ${field}` });
  });

/** A rule built from its kind: the accepted pattern always comes from the kind. */
export function rule(
  field: RuleField,
  kind: PatternId,
  minLength: number,
  maxLength: number,
  options: { show?: boolean; required?: boolean } = {},
): RegistrationRule {
  return {
    field,
    show: options.show ?? true,
    required: options.required ?? false,
    patternId: kind,
    minLength,
    maxLength,
    acceptedPattern: patternKinds[kind],
  };
}

/** The rule set a new merchant starts with: username, password, mobile and real name shown; the rest hidden. */
export function defaultRegistrationRules(): RegistrationRule[] {
  return [
    rule('username', 'LETTER_FIRST_ALPHANUMERIC', 6, 16, { required: true }),
    rule('password', 'LETTERS_AND_DIGITS', 6, 20, { required: true }),
    rule('mobileNum', 'DIGITS', 10, 10, { required: false }),
    rule('payeeName', 'LETTERS_SPACES', 2, 50),
    rule('email', 'EMAIL', 6, 100),
    rule('qqNum', 'DIGITS', 5, 12, { show: false }),
    rule('line', 'NO_SPACES', 3, 50, { show: false }),
    rule('whatsapp', 'DIGITS', 7, 15, { show: false }),
    rule('facebook', 'NO_SPACES', 3, 50, { show: false }),
    rule('wechat', 'NO_SPACES', 3, 50, { show: false }),
    rule('idNumber', 'ALPHANUMERIC', 6, 30, { show: false }),
    rule('recommenderId', 'ALPHANUMERIC', 4, 16, { show: false }),
    rule('affiliateCode', 'ALPHANUMERIC', 4, 16, { show: true }),
    rule('captcha', 'ALPHANUMERIC', 4, 6, { show: false }),
    rule('paymentPassword', 'DIGITS', 6, 6, { show: false }),
  ];
}
