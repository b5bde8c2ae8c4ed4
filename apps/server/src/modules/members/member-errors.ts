import type { RuleFailure } from '@tala/contracts/registration-rules';
import { AppError } from '../../http/app-error.ts';

/** Fields that broke their registration rules: every one is named in the answer, each with its own message. */
export class RuleViolation extends AppError {
  constructor(readonly failures: (RuleFailure | { field: string; reason: 'mismatch' })[]) {
    super('rule_violation', failures[0]?.field);
  }
}

/** A refused login: the answer also says whether the captcha must be shown, and when to try again. */
export class LoginRefusal extends AppError {
  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    readonly captcha: boolean,
    field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(code, field, retryAfterSeconds === undefined ? {} : { seconds: retryAfterSeconds });
  }
}
