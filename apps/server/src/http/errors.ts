import type { ErrorCode } from '@tala/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { localise } from './messages.ts';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  field?: string,
  params: Record<string, string | number> = {},
  details: Record<string, unknown> = {},
) {
  const message = localise(code, requestLanguage(request), { field: field ?? '', ...params });
  return reply.status(status).send({
    ...details,
    success: false,
    errorCode: code,
    message,
    ...(field === undefined ? {} : { field }),
  });
}

/** PostgreSQL or the driver saying the database cannot be reached right now (it is down, restarting, or cut off). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(08|57P0)/.test(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(
    message,
  );
}

/** Every failure leaves as the GUIDE §3 error envelope; nothing unexpected leaks as a bare 500 page. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(request, reply, error.status, error.code, error.field, error.params, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext === 'headers' ? 'bad_header' : 'validation_failed';
      const path = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      return send(request, reply, 400, where, path || error.validationContext || 'body');
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(request, reply, 413, 'payload_too_large');
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(request, reply, 415, 'unsupported_media_type');
    }
    if (status === 429) return send(request, reply, 429, 'rate_limited');
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(request, reply, 503, 'database_unavailable');
    }
    // Text PostgreSQL cannot store is refused before any route runs (storable-input.ts); this is the backstop.
    if (error.code === '22021' || error.code === '22P05') {
      request.log.warn({ err: error }, 'unstorable text reached the database');
      return send(request, reply, 400, 'text_not_storable', 'body');
    }
    if (status >= 400 && status < 500) return send(request, reply, 400, 'validation_failed', 'body');
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, 'internal_error');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'not_found'));
}
