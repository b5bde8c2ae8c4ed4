import { TRIAL_TYPE } from '@tala/contracts/members';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import { restrictionError } from './member-exclusions.ts';
import type { MembersService, SignedInMember } from './members.service.ts';
import { allowedWhileRestricted } from './restricted-access.ts';

/** The site sends the raw token in `Authorization` (GUIDE §3); a `Bearer ` prefix is tolerated. */
export function memberToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  return header.startsWith('Bearer ') ? header.slice(7) : header;
}

const signedIn = new WeakMap<FastifyRequest, { member: SignedInMember; merchant: Merchant }>();

/**
 * An `onRequest` hook for player calls that need a session: not_logged_in (401) without a live session on this
 * merchant's site, login.not.session when a newer login ended it; with `realAccount`, a trial member (type 4) gets
 * in_need_true_account (403). A member under a time-out, an exclusion or a closure gets timed_out, self_excluded,
 * excluded_by_operator or account_closed (403, with the end) on every call outside restricted-access.ts's list.
 * It runs before the body is parsed. Other modules use it the same way.
 */
export function memberGuard(
  services: { merchants: MerchantsService; members: MembersService },
  options: { realAccount?: boolean } = {},
) {
  return async (request: FastifyRequest) => {
    const merchant = await requestMerchant(services.merchants, request);
    const member = await services.members.authenticate(merchant, memberToken(request));
    if (options.realAccount && member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
    // A time-out, exclusion or closure leaves only the allow-list open (restricted-access.ts).
    if (member.restriction && !allowedWhileRestricted(request))
      throw restrictionError(member.restriction, merchant.settings.whitelabel.timeZone);
    signedIn.set(request, { member, merchant });
  };
}

/** The member (and the merchant) the route's guard let in. */
export function guardedMember(request: FastifyRequest): { member: SignedInMember; merchant: Merchant } {
  const found = signedIn.get(request);
  if (!found) throw new AppError('not_logged_in');
  return found;
}
