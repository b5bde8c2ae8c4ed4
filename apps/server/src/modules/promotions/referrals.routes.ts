import {
  adminReferralParams,
  adminReferralsQuery,
  adminReferralsResponse,
  referralFriendsQuery,
  referralFriendsResponse,
  referralSummaryResponse,
} from '@tala/contracts/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['referral'];
const noStore = { 'cache-control': 'no-store' };

/**
 * Referral, "invite friends" (issue 13 item 4; docs/decisions/038-referral.md): the member's link and totals and
 * their friends (real members only: trial members get in_need_true_account from the guard), and a member's
 * referrer and friends in the back office (the staff who read member details).
 */
export function referralsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const staff = operatorGuard(services.operators, ['owner', 'support', 'finance']);
    const referrals = services.promotions.referrals;

    app.get(
      '/wps/relay/MCS2_getReferral',
      { onRequest: realMember, schema: { tags, response: { 200: referralSummaryResponse } } },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(
          await referrals.summary(
            merchant,
            member,
            `${request.protocol}://${request.host}`,
            requestLanguage(request),
          ),
        );
      },
    );

    app.get(
      '/wps/relay/MCS2_getReferralFriends',
      {
        onRequest: realMember,
        schema: { tags, querystring: referralFriendsQuery, response: { 200: referralFriendsResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await referrals.friends(merchant, member, request.query));
      },
    );

    app.get(
      '/admin-api/members/:id/referrals',
      {
        onRequest: staff,
        schema: {
          tags: ['admin'],
          params: adminReferralParams,
          querystring: adminReferralsQuery,
          response: { 200: adminReferralsResponse },
        },
      },
      async (request) => ok(await referrals.admin(request.params.id, request.query)),
    );
  };
}
