import {
  adminCaptchaResponse,
  adminEnrolBody,
  adminEnrolResponse,
  adminLoginBody,
  adminLoginResponse,
  adminMeResponse,
  backOfficeSecurity,
  backOfficeSecurityResponse,
  createOperatorBody,
  emptyResponse,
  operatorIdParams,
  operatorListResponse,
  operatorResponse,
  secondFactorStatusResponse,
  updateOperatorBody,
} from '@tala/contracts/admin';
import { recoveryCodesResponse, secondFactorCodeBody, totpEnrolmentResponse } from '@tala/contracts/totp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { readCookie, setCookie } from '../../http/cookies.ts';
import { operatorToken } from '../../http/operator-auth.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from './operator-guard.ts';
import { DEVICE_DAYS, type SignInOutcome } from './sign-in.ts';

/**
 * Remembered browsers: HttpOnly, sent only to the sign-in routes. A shared back-office computer can remember
 * several operators, so the cookie holds up to MAX_REMEMBERED tokens, newest last.
 */
const DEVICE_COOKIE = 'tala_admin_device';
const MAX_REMEMBERED = 5;
const DEVICE_TOKENS = /[A-Za-z0-9_-]{43}(?:\.[A-Za-z0-9_-]{43}){0,4}/;

function deviceTokens(request: FastifyRequest): string[] {
  return readCookie(request, DEVICE_COOKIE, DEVICE_TOKENS)?.split('.') ?? [];
}

function rememberBrowser<V>(request: FastifyRequest, reply: FastifyReply, outcome: SignInOutcome<V>) {
  if (outcome.deviceToken) {
    const tokens = [...deviceTokens(request), outcome.deviceToken].slice(-MAX_REMEMBERED);
    setCookie(request, reply, DEVICE_COOKIE, tokens.join('.'), {
      path: '/admin-api/session',
      maxAgeSeconds: DEVICE_DAYS * 86_400,
      sameSite: 'Strict',
    });
  }
  return { success: true as const, value: outcome.value };
}

/** The guarded operator as the actor of an audited change. */
function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request) };
}

/** Back-office sign-in and operator management (owners only). */
export function operatorsRoutes(
  services: Services,
  limits: { signInsPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The operator's own session and second factor: any operator, whatever its merchants.
    const signedIn = operatorGuard(services.operators, undefined, { anyMerchant: true });
    const ownersOnly = operatorGuard(services.operators, ['owner']);

    app.post(
      '/admin-api/session',
      {
        schema: { tags: ['admin'], body: adminLoginBody, response: { 200: adminLoginResponse } },
        config: { rateLimit: { max: limits.signInsPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const outcome = await services.operators.login(
          request.body,
          clientIp(request),
          deviceTokens(request),
        );
        return rememberBrowser(request, reply, outcome);
      },
    );

    app.post(
      '/admin-api/session/enrolment',
      {
        schema: { tags: ['admin'], body: adminEnrolBody, response: { 200: adminEnrolResponse } },
        config: { rateLimit: { max: limits.signInsPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const outcome = await services.operators.enrol(request.body, clientIp(request));
        return rememberBrowser(request, reply, outcome);
      },
    );

    app.get(
      '/admin-api/captcha',
      {
        schema: { tags: ['admin'], response: { 200: adminCaptchaResponse } },
        config: { rateLimit: { max: limits.signInsPerMinute, timeWindow: '1 minute' } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, value: await services.verification.captcha(null) };
      },
    );

    app.get(
      '/admin-api/me/second-factor',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: secondFactorStatusResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.operators.secondFactor(guardedOperator(request)),
      }),
    );

    app.post(
      '/admin-api/me/second-factor',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: totpEnrolmentResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          value: await services.operators.startSecondFactor(guardedOperator(request)),
        };
      },
    );

    app.put(
      '/admin-api/me/second-factor',
      {
        onRequest: signedIn,
        schema: { tags: ['admin'], body: secondFactorCodeBody, response: { 200: recoveryCodesResponse } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const recoveryCodes = await services.operators.confirmSecondFactor(
          actorOf(request),
          request.body.code,
        );
        return { success: true as const, value: { recoveryCodes } };
      },
    );

    app.post(
      '/admin-api/me/second-factor/off',
      {
        onRequest: signedIn,
        schema: { tags: ['admin'], body: secondFactorCodeBody, response: { 200: emptyResponse } },
      },
      async (request) => {
        const operator = guardedOperator(request);
        await services.operators.disableSecondFactor(
          { ...actorOf(request), role: operator.role },
          request.body.code,
        );
        return { success: true as const, value: null };
      },
    );

    app.post(
      '/admin-api/me/second-factor/recovery-codes',
      {
        onRequest: signedIn,
        schema: { tags: ['admin'], body: secondFactorCodeBody, response: { 200: recoveryCodesResponse } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const recoveryCodes = await services.operators.renewRecoveryCodes(
          actorOf(request),
          request.body.code,
        );
        return { success: true as const, value: { recoveryCodes } };
      },
    );

    app.get(
      '/admin-api/security',
      { onRequest: ownersOnly, schema: { tags: ['admin'], response: { 200: backOfficeSecurityResponse } } },
      async () => ({ success: true as const, value: await services.operators.security() }),
    );

    app.put(
      '/admin-api/security',
      {
        onRequest: ownersOnly,
        schema: { tags: ['admin'], body: backOfficeSecurity, response: { 200: backOfficeSecurityResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.operators.setSecurity(actorOf(request), request.body),
      }),
    );

    app.delete(
      '/admin-api/operators/:id/second-factor',
      {
        onRequest: ownersOnly,
        schema: { tags: ['admin'], params: operatorIdParams, response: { 200: emptyResponse } },
      },
      async (request) => {
        await services.operators.resetSecondFactor(actorOf(request), request.params.id);
        return { success: true as const, value: null };
      },
    );

    app.get(
      '/admin-api/session',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: adminMeResponse } } },
      async (request) => ({ success: true as const, value: guardedOperator(request) }),
    );

    app.delete(
      '/admin-api/session',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: emptyResponse } } },
      async (request) => {
        await services.operators.logout(
          operatorToken(request) as string,
          guardedOperator(request),
          clientIp(request),
        );
        return { success: true as const, value: null };
      },
    );

    app.get(
      '/admin-api/operators',
      { onRequest: ownersOnly, schema: { tags: ['admin'], response: { 200: operatorListResponse } } },
      async () => ({ success: true as const, value: await services.operators.list() }),
    );

    app.post(
      '/admin-api/operators',
      {
        onRequest: ownersOnly,
        schema: { tags: ['admin'], body: createOperatorBody, response: { 200: operatorResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.operators.createBy(actorOf(request), request.body),
      }),
    );

    app.patch(
      '/admin-api/operators/:id',
      {
        onRequest: ownersOnly,
        schema: {
          tags: ['admin'],
          params: operatorIdParams,
          body: updateOperatorBody,
          response: { 200: operatorResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await services.operators.setDisabled(
          actorOf(request),
          request.params.id,
          request.body.disabled,
        ),
      }),
    );
  };
}
