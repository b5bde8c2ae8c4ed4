import { findUnstorableText } from '@tala/contracts/storable-text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The first cookie whose (URL-decoded) value PostgreSQL could not store, as `cookie.<name>`. */
function badCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    let value = at < 0 ? '' : part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as sent: a value that is not URL-encoded is read as it is.
    }
    const found = findUnstorableText({ [name]: value }, 'cookie');
    if (found) return found;
  }
  return undefined;
}

function refuse(field: string): never {
  throw new AppError('text_not_storable', field);
}

/**
 * Every request's text is checked once, before any route, guard or signature check reads it: path parameters,
 * the query, headers and cookies when the request arrives, the parsed body before validation. A string with a NUL
 * or a lone surrogate is refused with 400 `text_not_storable` naming its field, so no such text reaches the
 * database (packages/contracts/src/storable-text.ts). Routes reading multipart fields check them with the same
 * function. Registered on the root instance, so these hooks run before every route's own.
 */
export function registerStorableInput(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const field =
      findUnstorableText(request.params, '') ??
      findUnstorableText(request.query, '') ??
      badCookie(request.headers.cookie) ??
      findUnstorableText(request.headers, 'header');
    if (field) refuse(field);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const field = findUnstorableText(request.body, '');
    if (field) refuse(field || 'body');
  });
}
