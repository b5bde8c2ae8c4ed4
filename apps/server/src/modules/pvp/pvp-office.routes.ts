import {
  pvpHandsQuery,
  pvpOfficeHandParams,
  pvpOfficeHandResponse,
  pvpOfficeHandsResponse,
  pvpOfficeMerchantParams,
  pvpOfficeTableParams,
  pvpOfficeTableResponse,
  pvpOfficeTablesResponse,
  pvpReportQuery,
  pvpReportResponse,
  savePvpTableBody,
} from '@tala/contracts/pvp-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The PvP card tables' back office (decision 057), per merchant. Who may do what, as at the live studio:
 * - owners: everything, and the only ones who change a table;
 * - finance: reads tables, hands and the P&L;
 * - support: reads hands (to answer players);
 * - content: nothing.
 */
export function pvpOfficeRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const ok = <T>(value: T) => ({ success: true as const, value });
    const owners = operatorGuard(services.operators, ['owner']);
    const readers = operatorGuard(services.operators, ['owner', 'finance']);
    const handReaders = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const base = '/admin-api/merchants/:code/pvp';
    const office = services.pvpOffice;
    const merchantOf = (code: string) => services.merchants.byCode(code);

    app.get(
      `${base}/tables`,
      {
        onRequest: readers,
        schema: { tags, params: pvpOfficeMerchantParams, response: { 200: pvpOfficeTablesResponse } },
      },
      async (request) => ok({ list: await office.tables(await merchantOf(request.params.code)) }),
    );

    app.put(
      `${base}/tables/:table`,
      {
        onRequest: owners,
        schema: {
          tags,
          params: pvpOfficeTableParams,
          body: savePvpTableBody,
          response: { 200: pvpOfficeTableResponse },
        },
      },
      async (request) => {
        const operator = guardedOperator(request);
        return ok(
          await office.saveTable(
            { id: operator.id, name: operator.username, ip: clientIp(request) },
            await merchantOf(request.params.code),
            request.params.table,
            request.body,
          ),
        );
      },
    );

    app.get(
      `${base}/hands`,
      {
        onRequest: handReaders,
        schema: {
          tags,
          params: pvpOfficeMerchantParams,
          querystring: pvpHandsQuery,
          response: { 200: pvpOfficeHandsResponse },
        },
      },
      async (request) => ok(await office.hands(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/hands/:id`,
      {
        onRequest: handReaders,
        schema: { tags, params: pvpOfficeHandParams, response: { 200: pvpOfficeHandResponse } },
      },
      async (request) => ok(await office.hand(await merchantOf(request.params.code), request.params.id)),
    );

    app.get(
      `${base}/report`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: pvpOfficeMerchantParams,
          querystring: pvpReportQuery,
          response: { 200: pvpReportResponse },
        },
      },
      async (request) => ok(await office.report(await merchantOf(request.params.code), request.query)),
    );
  };
}
