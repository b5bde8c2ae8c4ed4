import type { OperatorRole } from '@tala/contracts/admin';
import { merchantCodeParams } from '@tala/contracts/admin';
import {
  flaggedQuery,
  flaggedResponse,
  interactionBody,
  interactionResponse,
  memberSignalsParams,
  memberSignalsResponse,
  realityCheckAnswerBody,
  realityCheckChoiceBody,
  realityCheckResponse,
  signalsRunResponse,
  statementQuery,
  statementSummaryQuery,
  statementSummaryResponse,
} from '@tala/contracts/safer-gambling';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['safer-gambling'];
const noStore = { 'cache-control': 'no-store' };
const READERS: readonly OperatorRole[] = ['owner', 'finance', 'support'];

function sendStatement(
  reply: FastifyReply,
  format: 'csv' | 'pdf',
  username: string,
  body: string | Uint8Array,
) {
  const name = `statement-${username}-${new Date().toISOString().slice(0, 10)}.${format}`;
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? body : Buffer.from(body));
}

/**
 * Safer gambling: the member's reality checks and activity statement in the relay family
 * (`/wps/relay/SAFER_<method>`, real members only), and the back office's signals and interactions.
 */
export function saferGamblingRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const sg = services.saferGambling;

    app.get(
      '/wps/relay/SAFER_realityCheck',
      { onRequest: realMember, schema: { tags, response: { 200: realityCheckResponse } } },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await sg.realityCheck(merchant.id, member.id));
      },
    );

    app.post(
      '/wps/relay/SAFER_setRealityCheck',
      {
        onRequest: realMember,
        schema: { tags, body: realityCheckChoiceBody, response: { 200: realityCheckResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(
          await sg.chooseRealityCheck(merchant.id, member, request.body.intervalMinutes, clientIp(request)),
        );
      },
    );

    app.post(
      '/wps/relay/SAFER_answerRealityCheck',
      {
        onRequest: realMember,
        schema: { tags, body: realityCheckAnswerBody, response: { 200: realityCheckResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await sg.answerRealityCheck(merchant.id, member.id, request.body.answer));
      },
    );

    app.get(
      '/wps/relay/SAFER_statement',
      {
        onRequest: realMember,
        schema: { tags, querystring: statementSummaryQuery, response: { 200: statementSummaryResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await sg.statement(merchant.id, member, request.query.months));
      },
    );

    // The statement as a file of the signed-in member's own account: no member id is taken from the request.
    app.get(
      '/wps/relay/SAFER_statementFile',
      { onRequest: realMember, schema: { tags, querystring: statementQuery } },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        const { format, months } = request.query;
        const language = requestLanguage(request);
        const body =
          format === 'csv'
            ? await sg.statementCsv(merchant.id, member, months, language)
            : await sg.statementPdf(merchant.id, member, months, language);
        return sendStatement(reply, format, member.username, body);
      },
    );

    // ------------------------------------------------------------------------------ back office
    const admin = ['admin', 'safer-gambling'];
    const readers = operatorGuard(services.operators, READERS);
    const owners = operatorGuard(services.operators, ['owner']);

    app.get(
      '/admin-api/merchants/:code/safer-gambling/flags',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          querystring: flaggedQuery,
          response: { 200: flaggedResponse },
        },
      },
      async (request) =>
        ok(await sg.flagged(await services.merchants.byCode(request.params.code), request.query)),
    );

    app.post(
      '/admin-api/merchants/:code/safer-gambling/run',
      {
        onRequest: owners,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: signalsRunResponse } },
      },
      async (request) => ok(await sg.runSignals(await services.merchants.byCode(request.params.code))),
    );

    app.get(
      '/admin-api/merchants/:code/safer-gambling/members/:memberId',
      {
        onRequest: readers,
        schema: { tags: admin, params: memberSignalsParams, response: { 200: memberSignalsResponse } },
      },
      async (request) =>
        ok(
          await sg.memberSignals(
            await services.merchants.byCode(request.params.code),
            request.params.memberId,
          ),
        ),
    );

    app.post(
      '/admin-api/merchants/:code/safer-gambling/members/:memberId/interactions',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          params: memberSignalsParams,
          body: interactionBody,
          response: { 200: interactionResponse },
        },
      },
      async (request) => {
        const operator = guardedOperator(request);
        return ok(
          await sg.recordInteraction(
            await services.merchants.byCode(request.params.code),
            { id: operator.id, name: operator.username, ip: clientIp(request) },
            request.params.memberId,
            request.body,
          ),
        );
      },
    );
  };
}
