import {
  createFishRoomBody,
  fishOfficeMerchantParams,
  fishOfficeRoomParams,
  fishOfficeRoomResponse,
  fishOfficeRoomsResponse,
  fishOfficeWaveParams,
  fishOfficeWaveResponse,
  fishOfficeWavesResponse,
  fishReportQuery,
  fishReportResponse,
  fishWaveQuery,
  fishWavesQuery,
  saveFishRoomBody,
} from '@tala/contracts/fish-office';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The fish rooms' back office under /admin-api/merchants/:code/fish/* (docs/decisions/056-fish-rooms.md). The guard
 * asks for a signed-in operator; which role may do what is the use cases' to check (fish-office.ts).
 */
export function fishOfficeRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const ok = <T>(value: T) => ({ success: true as const, value });
    const signedIn = operatorGuard(services.operators);
    const base = '/admin-api/merchants/:code/fish';
    const office = services.fishOffice;
    const actor = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, role: operator.role, ip: clientIp(request) };
    };
    const merchantOf = (code: string) => services.merchants.byCode(code);

    app.get(
      `${base}/rooms`,
      {
        onRequest: signedIn,
        schema: { tags, params: fishOfficeMerchantParams, response: { 200: fishOfficeRoomsResponse } },
      },
      async (request) => ok(await office.rooms(actor(request), await merchantOf(request.params.code))),
    );

    app.post(
      `${base}/rooms`,
      {
        onRequest: signedIn,
        schema: {
          tags,
          params: fishOfficeMerchantParams,
          body: createFishRoomBody,
          response: { 200: fishOfficeRoomResponse },
        },
      },
      async (request) =>
        ok(await office.createRoom(actor(request), await merchantOf(request.params.code), request.body)),
    );

    app.put(
      `${base}/rooms/:roomCode`,
      {
        onRequest: signedIn,
        schema: {
          tags,
          params: fishOfficeRoomParams,
          body: saveFishRoomBody,
          response: { 200: fishOfficeRoomResponse },
        },
      },
      async (request) =>
        ok(
          await office.saveRoom(
            actor(request),
            await merchantOf(request.params.code),
            request.params.roomCode,
            request.body,
          ),
        ),
    );

    app.get(
      `${base}/waves`,
      {
        onRequest: signedIn,
        schema: {
          tags,
          params: fishOfficeMerchantParams,
          querystring: fishWavesQuery,
          response: { 200: fishOfficeWavesResponse },
        },
      },
      async (request) =>
        ok(await office.waves(actor(request), await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/waves/:id`,
      {
        onRequest: signedIn,
        schema: {
          tags,
          params: fishOfficeWaveParams,
          querystring: fishWaveQuery,
          response: { 200: fishOfficeWaveResponse },
        },
      },
      async (request) =>
        ok(
          await office.wave(
            actor(request),
            await merchantOf(request.params.code),
            request.params.id,
            request.query.member,
          ),
        ),
    );

    app.get(
      `${base}/report`,
      {
        onRequest: signedIn,
        schema: {
          tags,
          params: fishOfficeMerchantParams,
          querystring: fishReportQuery,
          response: { 200: fishReportResponse },
        },
      },
      async (request) =>
        ok(await office.report(actor(request), await merchantOf(request.params.code), request.query)),
    );
  };
}
