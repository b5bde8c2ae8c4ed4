import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

/** What content and support need to know of a logged-in member. */
export type MemberIdentity = {
  id: number;
  merchantId: number;
  account: string;
  nickname: string | null;
  /** Member type (§6): 4 is a trial account. */
  type: number;
  /** Rank (VIP) level: above 4 gets the VIP service instead of live chat. */
  vipLevel: number;
};

/**
 * The member session behind a raw token on a merchant's site: the member, or null / an AppError (not_logged_in,
 * login.not.session, account_locked) when there is no live session.
 */
export type MemberLookup = (token: string, merchant: Merchant) => Promise<MemberIdentity | null>;

/** The lookup backed by the members module's sessions. */
export function membersLookup(members: Pick<MembersService, 'authenticate'>): MemberLookup {
  return async (token, merchant) => {
    const member = await members.authenticate(merchant, token);
    return {
      id: member.id,
      merchantId: merchant.id,
      account: member.username,
      nickname: member.nickname,
      type: member.type,
      vipLevel: member.vip_level,
    };
  };
}

/** The member's token as the site sends it: `Authorization: <token>` (a `Bearer ` prefix is tolerated). */
export function memberToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * The port through which content and support learn who the member is; app.ts connects the members module's
 * lookup. The session key (hash of the token) tells one login from the next.
 */
export function memberIdentityPort() {
  let lookup: MemberLookup | null = null;

  /** The member of a token, or not_logged_in (or the lookup's own refusal, e.g. login.not.session). */
  async function fromToken(token: string | undefined, merchant: Merchant) {
    if (!token || !lookup) throw new AppError('not_logged_in');
    const member = await lookup(token, merchant);
    if (!member || member.merchantId !== merchant.id) throw new AppError('not_logged_in');
    return { ...member, sessionKey: hashToken(token) };
  }

  return {
    connect(next: MemberLookup) {
      lookup = next;
    },
    fromToken,
    /** The member of the request, or null for a guest (also for a stale token: guests may use these calls). */
    async optional(request: FastifyRequest, merchant: Merchant) {
      const token = memberToken(request);
      if (!token) return null;
      try {
        return await fromToken(token, merchant);
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },
    /** The member of the request, or the refusal (not_logged_in, login.not.session, ...). */
    required(request: FastifyRequest, merchant: Merchant) {
      return fromToken(memberToken(request), merchant);
    },
  };
}

export type MemberIdentityPort = ReturnType<typeof memberIdentityPort>;
export type SignedInMember = MemberIdentity & { sessionKey: Buffer };
