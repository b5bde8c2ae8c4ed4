import type { OperatorRole } from '@tala/contracts/admin';
import {
  approveDocumentBody,
  rejectDocumentBody,
  reviewDocumentResponse,
  reviewPageResponse,
  reviewQuery,
} from '@tala/contracts/kyc';
import { idParams } from '@tala/contracts/payments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['admin', 'kyc'];
/**
 * Who may see members' identity documents and decide on them: owners and support (the compliance desk). Finance
 * sees only whether a withdrawal is blocked (its error), content never (docs/decisions/048-identity-verification.md).
 */
export const KYC_REVIEWERS: readonly OperatorRole[] = ['owner', 'support'];

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;

function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request) };
}

/** The back office's review of members' documents: the queue, a document, its content (audited), decisions. */
export function kycAdminRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const reviewers = operatorGuard(services.operators, KYC_REVIEWERS);

    app.get(
      '/admin-api/kyc/documents',
      {
        onRequest: reviewers,
        schema: { tags, querystring: reviewQuery, response: { 200: reviewPageResponse } },
      },
      async (request) => ok(await services.kyc.reviewQueue(request.query)),
    );
    app.get(
      '/admin-api/kyc/documents/:id',
      { onRequest: reviewers, schema: { tags, params: idParams, response: { 200: reviewDocumentResponse } } },
      async (request) => ok(await services.kyc.document(request.params.id)),
    );
    app.get(
      '/admin-api/kyc/documents/:id/file',
      { onRequest: reviewers, schema: { tags, params: idParams } },
      async (request, reply) => {
        const document = await services.kyc.viewDocument(actorOf(request), request.params.id);
        // Served as what its content is, never sniffed, never cached, never run: images and PDFs shown inline,
        // under a name we make (the member's file name is not kept).
        return reply
          .header('content-type', document.contentType)
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `inline; filename="document-${document.id}-${document.kind}.${EXTENSIONS[document.contentType]}"`,
          )
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
          .header('cache-control', 'no-store')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(document.bytes);
      },
    );
    app.post(
      '/admin-api/kyc/documents/:id/approve',
      {
        onRequest: reviewers,
        schema: {
          tags,
          params: idParams,
          body: approveDocumentBody,
          response: { 200: reviewDocumentResponse },
        },
      },
      async (request) => ok(await services.kyc.approve(actorOf(request), request.params.id, request.body)),
    );
    app.post(
      '/admin-api/kyc/documents/:id/reject',
      {
        onRequest: reviewers,
        schema: {
          tags,
          params: idParams,
          body: rejectDocumentBody,
          response: { 200: reviewDocumentResponse },
        },
      },
      async (request) => ok(await services.kyc.reject(actorOf(request), request.params.id, request.body)),
    );
  };
}
