import type {} from '@fastify/multipart';
import {
  type DocumentKind,
  documentKind,
  MAX_DOCUMENT_BYTES,
  memberVerificationResponse,
  uploadDocumentResponse,
} from '@tala/contracts/kyc';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { checkDocument } from './document-check.ts';

const ok = <T>(value: T) => ({ success: true as const, value });

/**
 * Reads the upload form: the `kind` field and one file in `document`, checked by content and size before anything
 * is stored (document-check.ts). Busboy's size limit and malformed bodies get the API's own codes.
 */
async function readDocument(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  let kind: DocumentKind | undefined;
  let file: { bytes: Buffer; declaredType: string; filename: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 2, fields: 5, fieldSize: 1024, parts: 7 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'document' || file) {
          part.file.resume();
          throw new AppError('validation_failed', part.fieldname);
        }
        const bytes = await part.toBuffer();
        // An empty file input is sent as a part without a name or content: no file chosen.
        if (bytes.length === 0 && !part.filename) continue;
        file = { bytes, declaredType: part.mimetype ?? '', filename: part.filename ?? '' };
      } else if (part.fieldname === 'kind') {
        const parsed = documentKind.safeParse(part.value);
        if (!parsed.success) throw new AppError('validation_failed', 'kind');
        kind = parsed.data;
      } else {
        throw new AppError('validation_failed', part.fieldname);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('document_too_large', 'document', { megabytes: MAX_DOCUMENT_BYTES / 1024 / 1024 });
    if (
      code?.startsWith('FST_') ||
      (error instanceof Error && /form|part|boundary|multipart/i.test(error.message))
    )
      throw new AppError('validation_failed', 'body');
    throw error;
  }
  if (!kind) throw new AppError('validation_failed', 'kind');
  if (!file) throw new AppError('document_required', 'document');
  const contentType = checkDocument(file.bytes, file.declaredType, file.filename);
  return { kind, contentType, bytes: file.bytes };
}

/** The member's verification calls (issue 18 item 4): status and document upload. Real members only. */
export function kycRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['kyc'];
    const realMember = memberGuard(services, { realAccount: true });

    app.get(
      '/wps/relay/KYC_status',
      { onRequest: realMember, schema: { tags, response: { 200: memberVerificationResponse } } },
      async (request) => {
        const { merchant, member } = guardedMember(request);
        return ok(await services.kyc.status(merchant, member));
      },
    );

    app.post(
      '/wps/relay/KYC_upload',
      {
        onRequest: realMember,
        bodyLimit: MAX_DOCUMENT_BYTES + 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: uploadDocumentResponse } },
      },
      async (request) => {
        const { merchant, member } = guardedMember(request);
        const document = await readDocument(request);
        return ok(await services.kyc.upload(merchant, member, document, clientIp(request)));
      },
    );
  };
}
