import type { ErrorCode } from '@tala/contracts/errors';
import { ruleMessage } from '@tala/contracts/registration-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestLanguage } from '../../http/language.ts';
import { localise } from '../../http/messages.ts';
import { LoginRefusal, RuleViolation } from './member-errors.ts';

/**
 * The error envelopes that carry more than a code: a rule violation lists every failing field with its localised
 * message; a refused login says whether to show the captcha and when to try again. Anything else is rethrown to
 * the shared error handler.
 */
export function sendMemberError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const language = requestLanguage(request);
  if (error instanceof RuleViolation) {
    const fields = error.failures.map((failure) => ({
      field: failure.field,
      reason: failure.reason,
      patternId: 'patternId' in failure ? failure.patternId : 'MISMATCH',
      message:
        failure.reason === 'mismatch'
          ? localise(failure.field === 'countryDialingCode' ? 'invalid_phone' : 'password_mismatch', language)
          : ruleMessage(failure, language),
    }));
    const first = fields[0];
    return reply.status(400).send({
      success: false,
      errorCode: 'rule_violation',
      message: first
        ? `${first.field}: ${first.message}`
        : localise('validation_failed', language, { field: '' }),
      field: first?.field ?? 'body',
      fields,
    });
  }
  if (error instanceof LoginRefusal) {
    if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.status).send({
      success: false,
      errorCode: error.code,
      message: localise(error.code as ErrorCode, language, { field: error.field ?? '', ...error.params }),
      ...(error.field === undefined ? {} : { field: error.field }),
      captcha: error.captcha,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    });
  }
  if (error instanceof AppError && error.code === 'too_many_attempts' && error.params.seconds !== undefined)
    reply.header('retry-after', String(error.params.seconds));
  throw error;
}
