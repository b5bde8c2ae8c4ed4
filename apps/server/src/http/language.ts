import { type LanguageCode, languageCodes } from '@tala/contracts/languages';
import type { FastifyRequest } from 'fastify';

/** The request's language from the `Language` header; EN when absent or unknown (messages must still be read). */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const header = request.headers.language;
  const value = (Array.isArray(header) ? header[0] : header)?.toUpperCase();
  return (languageCodes as readonly string[]).includes(value ?? '') ? (value as LanguageCode) : 'EN';
}
