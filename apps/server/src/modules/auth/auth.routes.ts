import {
  captchaResponse,
  challengeResponse,
  expiredMinutesResponse,
  freePlayBody,
  loginBody,
  loginResponse,
  nullResponse,
  secondCheckBody,
  secondCheckSendBody,
  smsNoLoginBody,
  smsRegisterBody,
} from '@tala/contracts/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { setCookie } from '../../http/cookies.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { CAPTCHA_COOKIE, captchaIdOf } from '../members/captcha-cookie.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { requestContext } from '../members/members.routes.ts';
import { sendMemberError } from '../members/replies.ts';

/** Logins, the second check, free play, logout, the captcha and proof-of-work challenge, and SMS codes. */
export function authRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['session'];

    app.get(
      '/wps/system/challenge',
      {
        schema: { tags, response: { 200: challengeResponse } },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, value: await services.verification.challenge() };
      },
    );

    app.get(
      '/wps/captcha',
      {
        schema: { tags, response: { 200: captchaResponse } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        const { id, image } = await services.verification.captcha(merchant.id);
        reply.header('cache-control', 'no-store').header('captcha-id', id);
        setCookie(request, reply, CAPTCHA_COOKIE, id, {
          path: '/wps',
          maxAgeSeconds: 120,
          sameSite: 'Strict',
        });
        return { success: true as const, value: image };
      },
    );

    app.post(
      '/wps/session/login',
      { schema: { tags, body: loginBody, response: { 200: loginResponse } } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const body = { ...request.body, captchaId: captchaIdOf(request, request.body.captchaId) };
          return {
            success: true as const,
            value: await services.auth.login(merchant, body, requestContext(request)),
          };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/session/login/secondCheck/send',
      {
        schema: { tags, body: secondCheckSendBody, response: { 200: expiredMinutesResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const value = await services.auth.sendSecondCheckCode(
            merchant,
            request.body.ticket,
            request.body.method,
            clientIp(request),
            requestLanguage(request),
          );
          return { success: true as const, value };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/session/login/secondCheck',
      {
        schema: { tags, body: secondCheckBody, response: { 200: loginResponse } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const value = await services.auth.completeSecondCheck(merchant, request.body, clientIp(request));
        return { success: true as const, value };
      },
    );

    app.post(
      '/wps/session/login/freeplay',
      {
        schema: { tags, body: freePlayBody, response: { 200: loginResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await services.auth.freePlay(merchant, request.body, clientIp(request)),
        };
      },
    );

    app.delete(
      '/wps/session/logout',
      { onRequest: memberGuard(services), schema: { tags, response: { 200: nullResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        await services.members.logout(merchant, member, clientIp(request));
        // Game vendors take no more bets from this member; their wins and rollbacks still land (decision 008).
        await services.seamless.endSessionsOf(member.id);
        return { success: true as const, value: null };
      },
    );

    app.post(
      '/wps/verification/sms/noLogin',
      {
        schema: { tags, body: smsNoLoginBody, response: { 200: expiredMinutesResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const value = await services.auth.sendNoLoginCode(
            merchant,
            request.body.mobileNum,
            request.body.countryDialingCode,
            clientIp(request),
            requestLanguage(request),
          );
          return { success: true as const, value };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/verification/sms/register',
      {
        schema: { tags, body: smsRegisterBody, response: { 200: expiredMinutesResponse } },
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const value = await services.auth.sendRegisterCode(
            merchant,
            request.body.mobileNo,
            request.body.countryDialingCode,
            clientIp(request),
            requestLanguage(request),
          );
          return { success: true as const, value };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );
  };
}
