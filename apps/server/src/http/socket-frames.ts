// Frames of the site's WebSockets (live chat, live tables): parsed against their contract with the same checks as
// an HTTP body, refused with a localised error frame.
import type { ErrorCode } from '@tala/contracts/errors';
import { type LanguageCode, languageCodes } from '@tala/contracts/languages';
import { findUnstorableText } from '@tala/contracts/storable-text';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { AppError } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { localise } from './messages.ts';

/** Sends the refusal as an error frame, localised; unexpected failures are logged and reported as internal_error. */
export function refuse(
  socket: WebSocket,
  log: FastifyBaseLogger,
  language: LanguageCode,
  error: unknown,
  clientId?: string,
) {
  let code: ErrorCode = 'internal_error';
  let field: string | undefined;
  let params: Record<string, string | number> = {};
  if (error instanceof AppError) {
    code = error.code;
    field = error.field;
    params = error.params;
  } else {
    log.error({ err: error }, 'socket frame failed');
  }
  const frame = {
    type: 'error',
    errorCode: code,
    message: localise(code, language, { field: field ?? '', ...params }),
    ...(field ? { field } : {}),
    ...(clientId ? { clientId } : {}),
  };
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** Parses a text frame against the side's frame contract; the error names the field at fault. */
export function parse<T extends z.ZodType>(schema: T, data: RawData, isBinary: boolean): z.infer<T> {
  if (isBinary) throw new AppError('unsupported_media_type');
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    throw new AppError('validation_failed', 'frame');
  }
  // Frames come after the request hooks: the same storable-text check as every HTTP field.
  const bad = findUnstorableText(json, '');
  if (bad !== undefined) throw new AppError('text_not_storable', bad || 'frame');
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new AppError('validation_failed', parsed.error.issues[0]?.path.join('.') || 'frame');
  return parsed.data;
}

export function frameLanguage(request: FastifyRequest): LanguageCode {
  const query = (request.query as Record<string, string | undefined>).language?.toUpperCase();
  return (languageCodes as readonly string[]).includes(query ?? '')
    ? (query as LanguageCode)
    : requestLanguage(request);
}
