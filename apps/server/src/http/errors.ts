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
    if (status >= 400 && status < 500) return send(request, reply, 400, 'validation_failed', 'body');
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, 'internal_error');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'not_found'));
}
