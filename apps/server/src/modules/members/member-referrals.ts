// Referral, "invite friends" (issue 13 item 4; docs/decisions/038-referral.md): the member's own code, made when first
// asked for; the friend a registration with a code brought; the traces two members share. The rewards are the
// promotions module's (a promotion of kind referral).
import crypto from 'node:crypto';
import { TRIAL_TYPE } from '@tala/contracts/members';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { SignedInMember } from './member-format.ts';
import { DEVICE_ID, memberReferralsRepository } from './member-referrals.repository.ts';

/** 32 symbols without the look-alikes (I, O, 0, 1): 8 of them are 2^40 codes, far too many to guess one. */
const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE = /^[A-Z2-9]{8}$/;

function freshCode() {
  return [...crypto.randomBytes(8)].map((b) => codeAlphabet[b % 32]).join('');
}

/** The code as typed or carried in an address: upper-cased; null when it cannot be one. */
export function normaliseReferralCode(code: string | null | undefined) {
  const upper = code?.trim().toUpperCase() ?? '';
  return REFERRAL_CODE.test(upper) ? upper : null;
}

export function memberReferralUseCases(db: Database) {
  const repository = memberReferralsRepository(db);
  return {
    /** The member's own code, made at the first ask (unique in the merchant; trial members have none). */
    async referralCodeOf(member: Pick<SignedInMember, 'id' | 'merchant_id' | 'type'>) {
      if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
      for (let attempt = 0; attempt < 5; attempt++) {
        const kept = await repository.codeOf(member.id);
        if (kept) return kept;
        await repository.insertCode(member.id, member.merchant_id, freshCode());
      }
      throw new Error('no free referral code after 5 attempts');
    },

    /**
     * Within the registration's transaction: links the new member to the member whose code the address carried.
     * A code that is nobody's here (mistyped, another merchant's, a locked or trial member's) is ignored: the
     * registration goes on without a referrer, as a link shared long ago should not turn a visitor away.
     */
    async linkReferral(trx: Database, merchant: Merchant, friendId: number, code: string | null | undefined) {
      const normal = normaliseReferralCode(code);
      if (!normal) return null;
      const referrer = await repository.referrerByCode(trx, merchant.id, normal);
      if (
        !referrer ||
        referrer.id === friendId ||
        referrer.type === TRIAL_TYPE ||
        referrer.status !== 'active'
      )
        return null;
      await repository.insertReferral(trx, {
        friend_id: friendId,
        referrer_id: referrer.id,
        merchant_id: merchant.id,
        code: normal,
      });
      return referrer.id;
    },

    /** Remembers the browser a member registered or signed in from (an id that is not one is not kept). */
    async rememberDevice(trx: Database, memberId: number, deviceId: string | null | undefined) {
      if (deviceId && DEVICE_ID.test(deviceId)) await repository.rememberDevice(trx, memberId, deviceId);
    },

    /** The member's code if one was made (the back office does not make one). */
    storedReferralCode: (memberId: number) => repository.codeOf(memberId),

    referrerOf: (friendId: number) => repository.referrerOf(friendId),

    async referralFriends(referrerId: number, pageNo: number, pageSize: number) {
      const { rows, total } = await repository.friendsPage(referrerId, pageSize, (pageNo - 1) * pageSize);
      return {
        total,
        rows: rows.map((r) => ({
          friendId: r.friend_id,
          username: r.username,
          type: r.type,
          joinedAt: r.created_at,
        })),
      };
    },

    /** Friends who joined in [from, to) (of one referrer when given): the referral rewards' candidates. */
    async referralsJoinedBetween(merchantId: number, range: { from: Date; to: Date }, referrerId?: number) {
      const rows = await repository.joinedBetween(merchantId, range.from, range.to, referrerId);
      return rows.map((r) => ({
        friendId: r.friend_id,
        referrerId: r.referrer_id,
        joinedAt: r.created_at,
        friendType: r.type,
      }));
    },

    /** Whether two members share an address or a browser (the referral rewards' abuse check). */
    sharedTraces: (a: number, b: number) => repository.sharedTraces(a, b),
  };
}
