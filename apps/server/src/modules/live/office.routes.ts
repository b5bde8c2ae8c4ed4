import {
  liveOfficeMerchantParams,
  liveOfficeRoundParams,
  liveOfficeRoundResponse,
  liveOfficeRoundsResponse,
  liveOfficeTableParams,
  liveOfficeTableResponse,
  liveOfficeTablesResponse,
  liveReportQuery,
  liveReportResponse,
  liveRoundsQuery,
  saveLiveTableBody,
} from '@tala/contracts/live-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The live studio's back office (docs/decisions/054-live-office.md). Who may do what:
 * - owners: everything, and the only ones who change a table (its limits, cycle and maintenance switch);
 * - finance: reads tables, rounds and the P&L;
 * - support: reads rounds (to answer players);
 * - content: nothing.
 * Tables are the platform's; rounds and P&L are one merchant's bets, the merchant named in the path as in the
 * lottery's back office.
 */
export function liveOfficeRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const ok = <T>(value: T) => ({ success: true as const, value });
    const owners = operatorGuard(services.operators, ['owner']);
    const readers = operatorGuard(services.operators, ['owner', 'finance']);
    const roundReaders = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const base = '/admin-api/merchants/:code/live';
    const office = services.liveOffice;
    const actor = (request: Parameters<typeof guardedOperator>[0]) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };
    const merchantOf = (code: string) => services.merchants.byCode(code);

    app.get(
      '/admin-api/live/tables',
      { onRequest: readers, schema: { tags, response: { 200: liveOfficeTablesResponse } } },
      async () => ok(await office.tables()),
    );

    app.put(
      '/admin-api/live/tables/:code',
      {
        onRequest: owners,
        schema: {
          tags,
          params: liveOfficeTableParams,
          body: saveLiveTableBody,
          response: { 200: liveOfficeTableResponse },
        },
      },
      async (request) => ok(await office.saveTable(actor(request), request.params.code, request.body)),
    );

    app.get(
      `${base}/rounds`,
      {
        onRequest: roundReaders,
        schema: {
          tags,
          params: liveOfficeMerchantParams,
          querystring: liveRoundsQuery,
          response: { 200: liveOfficeRoundsResponse },
        },
      },
      async (request) => ok(await office.rounds(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/rounds/:id`,
      {
        onRequest: roundReaders,
        schema: { tags, params: liveOfficeRoundParams, response: { 200: liveOfficeRoundResponse } },
      },
      async (request) => ok(await office.round(await merchantOf(request.params.code), request.params.id)),
    );

    app.get(
      `${base}/report`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: liveOfficeMerchantParams,
          querystring: liveReportQuery,
          response: { 200: liveReportResponse },
        },
      },
      async (request) => ok(await office.report(await merchantOf(request.params.code), request.query)),
    );
  };
}
