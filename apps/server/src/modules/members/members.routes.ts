import { merchantCodeParams } from '@tala/contracts/admin';
import {
  affiliateQuery,
  affiliateResponse,
  bindContactBody,
  birthdayBody,
  changePasswordBody,
  contactCodeBody,
  expiredMinutesResponse,
  forgotByEmailBody,
  googleVerificationStatusResponse,
  iconResponse,
  lockMemberBody,
  loginResponse,
  memberCountsResponse,
  memberDetailResponse,
  memberDownlineResponse,
  memberIdParams,
  memberInfoResponse,
  memberListQuery,
  memberListResponse,
  moveMemberBody,
  nullResponse,
  passwordResetResponse,
  recentLoginsResponse,
  registerBody,
  registerMobileBody,
  registrationRulesResponse,
  registrationSettingsResponse,
  resetByPhoneBody,
  resetPasswordBody,
  setIconBody,
  updateProfileBody,
} from '@tala/contracts/members';
import { registrationRuleSet } from '@tala/contracts/registration-rules';
import { recoveryCodesResponse, secondFactorCodeBody, totpEnrolmentResponse } from '@tala/contracts/totp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import { captchaIdOf } from './captcha-cookie.ts';
import { guardedMember, memberGuard } from './member-guard.ts';
import type { RequestContext, SignedInMember } from './members.service.ts';
import { sendMemberError } from './replies.ts';

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    ip: clientIp(request),
    host: request.hostname.toLowerCase(),
    language: requestLanguage(request),
    origin: `${request.protocol}://${request.host}`,
    deviceId: typeof request.headers.device === 'string' ? request.headers.device : null,
  };
}

function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request) };
}

/**
 * A signed-in member's call: the service's answer in the envelope, a refusal through sendMemberError (rule
 * violations name every field).
 */
async function asMember<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (member: SignedInMember, merchant: Merchant, ip: string) => Promise<T>,
) {
  const { member, merchant } = guardedMember(request);
  try {
    return { success: true as const, value: await run(member, merchant, clientIp(request)) };
  } catch (error) {
    return sendMemberError(request, reply, error);
  }
}

const FORM = 'application/x-www-form-urlencoded';

/** Registration, member info, passwords (player calls) and member administration (back office). */
export function membersRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    // Forgot-by-e-mail is form-encoded (spec §7); the parser is scoped to these routes.
    if (!app.hasContentTypeParser(FORM)) {
      app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    const member = memberGuard(services);
    const realMember = memberGuard(services, { realAccount: true });
    const staff = operatorGuard(services.operators, ['owner', 'support', 'finance']);
    const careTeam = operatorGuard(services.operators, ['owner', 'support']);
    const ownersOnly = operatorGuard(services.operators, ['owner']);
    const tags = ['members'];

    app.get(
      '/wps/system/setting/register',
      { schema: { tags, response: { 200: registrationSettingsResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.members.registrationSettings(merchant) };
      },
    );

    app.get(
      '/wps/agent/affiliate',
      { schema: { tags, querystring: affiliateQuery, response: { 200: affiliateResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await services.members.checkAffiliate(merchant, request.query.code),
        };
      },
    );

    app.put(
      '/wps/member/register',
      {
        schema: { tags, body: registerBody, response: { 200: loginResponse.or(nullResponse) } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const body = { ...request.body, captchaId: captchaIdOf(request, request.body.captchaId) };
          const value = await services.members.register(merchant, body, requestContext(request));
          return { success: true as const, value };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.put(
      '/wps/member/register/mobile',
      {
        schema: { tags, body: registerMobileBody, response: { 200: loginResponse.or(nullResponse) } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          const value = await services.members.registerMobile(
            merchant,
            request.body,
            requestContext(request),
          );
          return { success: true as const, value };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.get(
      '/wps/member/info',
      { onRequest: member, schema: { tags, response: { 200: memberInfoResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.members.info(guardedMember(request).member),
      }),
    );

    app.put(
      '/wps/member/info',
      {
        onRequest: realMember,
        schema: { tags, body: updateProfileBody, response: { 200: memberInfoResponse } },
      },
      (request, reply) =>
        asMember(request, reply, (member, merchant, ip) =>
          services.members.updateProfile(merchant, member, request.body, ip),
        ),
    );

    app.put(
      '/wps/member/info/birthday',
      {
        onRequest: realMember,
        schema: { tags, body: birthdayBody, response: { 200: memberInfoResponse } },
      },
      (request, reply) =>
        asMember(request, reply, (member, merchant, ip) =>
          services.members.setBirthday(merchant, member, request.body.birthday, ip),
        ),
    );

    app.post(
      '/wps/member/contact/code',
      {
        onRequest: realMember,
        schema: { tags, body: contactCodeBody, response: { 200: expiredMinutesResponse } },
      },
      (request, reply) =>
        asMember(request, reply, (member, merchant, ip) =>
          services.members.sendContactCode(merchant, member, request.body, ip, requestLanguage(request)),
        ),
    );

    app.put(
      '/wps/member/contact',
      {
        onRequest: realMember,
        schema: { tags, body: bindContactBody, response: { 200: memberInfoResponse } },
      },
      (request, reply) =>
        asMember(request, reply, (member, merchant, ip) =>
          services.members.bindContact(merchant, member, request.body, ip),
        ),
    );

    app.get(
      '/wps/member/logins',
      { onRequest: member, schema: { tags, response: { 200: recentLoginsResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.members.recentLogins(guardedMember(request).member),
      }),
    );

    app.get(
      '/wps/member/counts',
      { onRequest: member, schema: { tags, response: { 200: memberCountsResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        // Kept per member between the events that change them (modules/counts).
        return { success: true as const, value: await services.counts.of(merchant, member) };
      },
    );

    app.get(
      '/wps/member/info/icon',
      { onRequest: member, schema: { tags, response: { 200: iconResponse } } },
      async (request) => ({
        success: true as const,
        value: services.members.icon(guardedMember(request).member),
      }),
    );

    app.put(
      '/wps/member/info/icon',
      { onRequest: realMember, schema: { tags, body: setIconBody, response: { 200: iconResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.members.setIcon(guardedMember(request).member, request.body.icon),
      }),
    );

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/wps/relay/MCSFE_getPlayerAvatar',
        onRequest: member,
        schema: { tags, response: { 200: iconResponse } },
        handler: async (request) => ({
          success: true as const,
          value: services.members.icon(guardedMember(request).member),
        }),
      });
    }

    app.post(
      '/wps/member/password',
      { onRequest: realMember, schema: { tags, body: changePasswordBody, response: { 200: nullResponse } } },
      (request, reply) =>
        asMember(request, reply, async (member, merchant, ip) => {
          await services.members.changePassword(merchant, member, request.body, ip);
          return null;
        }),
    );

    app.get(
      '/wps/member/security/google',
      { onRequest: realMember, schema: { tags, response: { 200: googleVerificationStatusResponse } } },
      (request, reply) => asMember(request, reply, (member) => services.members.googleVerification(member)),
    );

    app.post(
      '/wps/member/security/google',
      { onRequest: realMember, schema: { tags, response: { 200: totpEnrolmentResponse } } },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return asMember(request, reply, (member, merchant) =>
          services.members.startGoogleVerification(merchant, member),
        );
      },
    );

    app.put(
      '/wps/member/security/google',
      {
        onRequest: realMember,
        schema: { tags, body: secondFactorCodeBody, response: { 200: recoveryCodesResponse } },
      },
      (request, reply) => {
        reply.header('cache-control', 'no-store');
        return asMember(request, reply, async (member, merchant, ip) => ({
          recoveryCodes: await services.members.confirmGoogleVerification(
            merchant,
            member,
            request.body.code,
            ip,
          ),
        }));
      },
    );

    app.post(
      '/wps/member/security/google/off',
      {
        onRequest: realMember,
        schema: { tags, body: secondFactorCodeBody, response: { 200: nullResponse } },
      },
      (request, reply) =>
        asMember(request, reply, async (member, merchant, ip) => {
          await services.members.disableGoogleVerification(merchant, member, request.body.code, ip);
          return null;
        }),
    );

    app.post(
      '/wps/member/password/email',
      { schema: { tags, body: forgotByEmailBody, response: { 200: nullResponse } } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          await services.members.forgotByEmail(merchant, request.body, requestContext(request));
          return { success: true as const, value: null };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/member/password/reset',
      {
        schema: { tags, body: resetPasswordBody, response: { 200: nullResponse } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          await services.members.resetWithToken(merchant, request.body, clientIp(request));
          return { success: true as const, value: null };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.post(
      '/wps/member/password/verification',
      {
        schema: { tags, body: resetByPhoneBody, response: { 200: nullResponse } },
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        try {
          await services.members.resetByPhone(merchant, request.body, clientIp(request));
          return { success: true as const, value: null };
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    // ---------------------------------------------------------------- back office

    app.get(
      '/admin-api/members',
      {
        onRequest: staff,
        schema: { tags: ['admin'], querystring: memberListQuery, response: { 200: memberListResponse } },
      },
      async (request) => ({ success: true as const, value: await services.members.list(request.query) }),
    );

    app.get(
      '/admin-api/members/:id',
      {
        onRequest: staff,
        schema: { tags: ['admin'], params: memberIdParams, response: { 200: memberDetailResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.detail(request.params.id),
      }),
    );

    app.get(
      '/admin-api/members/:id/downline',
      {
        onRequest: staff,
        schema: { tags: ['admin'], params: memberIdParams, response: { 200: memberDownlineResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.directDownline(request.params.id),
      }),
    );

    app.post(
      '/admin-api/members/:id/lock',
      {
        onRequest: careTeam,
        schema: {
          tags: ['admin'],
          params: memberIdParams,
          body: lockMemberBody,
          response: { 200: memberDetailResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.setLocked(
          actorOf(request),
          request.params.id,
          true,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/admin-api/members/:id/unlock',
      {
        onRequest: careTeam,
        schema: { tags: ['admin'], params: memberIdParams, response: { 200: memberDetailResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.setLocked(actorOf(request), request.params.id, false, null),
      }),
    );

    app.put(
      '/admin-api/members/:id/upline',
      {
        onRequest: ownersOnly,
        schema: {
          tags: ['admin'],
          params: memberIdParams,
          body: moveMemberBody,
          response: { 200: memberDetailResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.moveMember(
          actorOf(request),
          request.params.id,
          request.body.uplineUsername,
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/admin-api/members/:id/password-reset',
      {
        onRequest: careTeam,
        schema: { tags: ['admin'], params: memberIdParams, response: { 200: passwordResetResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.members.forcePasswordReset(actorOf(request), request.params.id),
      }),
    );

    app.get(
      '/admin-api/merchants/:code/registration-rules',
      {
        onRequest: staff,
        schema: { tags: ['admin'], params: merchantCodeParams, response: { 200: registrationRulesResponse } },
      },
      async (request) => {
        const merchant = await services.merchants.byCode(request.params.code);
        return { success: true as const, value: await services.members.rulesOf(merchant.id) };
      },
    );

    app.put(
      '/admin-api/merchants/:code/registration-rules',
      {
        onRequest: ownersOnly,
        schema: {
          tags: ['admin'],
          params: merchantCodeParams,
          body: registrationRuleSet,
          response: { 200: registrationRulesResponse },
        },
      },
      async (request) => {
        const merchant = await services.merchants.byCode(request.params.code);
        return {
          success: true as const,
          value: await services.members.setRules(actorOf(request), merchant, request.body),
        };
      },
    );
  };
}
