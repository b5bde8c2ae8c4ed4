import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { LRUCache } from 'lru-cache';
import { changes } from '../../lib/change-feed.ts';
import type { SignedInMember } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { MissionsService } from '../missions/missions.service.ts';
import type { PromotionsService } from '../promotions/promotions.service.ts';
import type { SupportService } from '../support/support.service.ts';

export type MemberCounts = {
  message: number;
  promotion: number;
  mission: number;
  reward: number;
  unclaimed: number;
};

/**
 * The longest a member's counts are kept without any event: the events drop them at once, and the time they
 * depend on is known (below); this only bounds a change some writer forgot to tell, or another process's without
 * the PostgreSQL relay.
 */
export const COUNTS_CACHE_MS = 30_000;
/** Members whose counts are kept: the least recently asked go first. */
export const COUNTS_CACHE_SIZE = 50_000;

type Entry = {
  merchantId: number;
  /** The merchant's version when the computation began: a later promotion, mission or broadcast change voids it. */
  version: number;
  /** Trust ends here (ms): the next time-driven change, or the backstop; Infinity while being computed. */
  until: number;
  counts: Promise<MemberCounts>;
};

/**
 * The badge counts of GET /wps/member/counts (issue 13 item 7), kept per member in process memory between the
 * events that change them (docs/decisions/040-session-and-counts-cache.md). A member's own events (a message sent or
 * read, a deposit credited, a bonus paid or closed, an application, a mission claimed, a bet, a sign-in, a change of
 * rank or upline) drop that member's entry through the change feed; a merchant-wide one (a promotion, mission or
 * broadcast created, edited, sent, withdrawn, a budget spent, the agent tree changed) bumps the merchant's version;
 * time (a promotion or mission starting or ending, a broadcast expiring, a day or week rolling over in the
 * merchant's time zone) ends an entry at the next such instant. Concurrent asks of one member share one computation,
 * and an event during it leaves it to those already waiting.
 */
export function countsService(deps: {
  support: SupportService;
  promotions: PromotionsService;
  missions: MissionsService;
}) {
  const { support, promotions, missions } = deps;
  const entries = new LRUCache<number, Entry>({ max: COUNTS_CACHE_SIZE });
  const versions = new Map<number, number>();
  /** Per merchant: the next instant something time-driven changes, as of a merchant version. */
  const boundaries = new Map<number, { version: number; at: number }>();

  changes.subscribe((change) => {
    if (change.on === 'member') entries.delete(change.memberId);
    else if (change.on === 'merchant')
      versions.set(change.merchantId, (versions.get(change.merchantId) ?? 0) + 1);
    else if (change.on === 'all') {
      entries.clear();
      boundaries.clear();
    }
  });

  /** The next instant a count may change by time alone, for every member of the merchant. */
  async function nextBoundary(merchant: Merchant, version: number, now: Date): Promise<number> {
    const known = boundaries.get(merchant.id);
    if (known && known.version === version && now.getTime() < known.at) return known.at;
    const timeZone = merchant.settings.whitelabel.timeZone;
    const tomorrow = dayStart(addDays(dayOf(now, timeZone), 1), timeZone).getTime();
    const [promotion, mission, message] = await Promise.all([
      promotions.nextChangeAt(merchant, now),
      missions.nextChangeAt(merchant, now),
      support.nextChangeAt(merchant, now),
    ]);
    const at = Math.min(
      tomorrow,
      ...[promotion, mission, message].filter((d): d is Date => d !== null).map((d) => d.getTime()),
    );
    if ((versions.get(merchant.id) ?? 0) === version) boundaries.set(merchant.id, { version, at });
    return at;
  }

  async function compute(merchant: Merchant, member: SignedInMember): Promise<MemberCounts> {
    const message = await support.unreadMessages({
      id: member.id,
      merchantId: member.merchant_id,
      account: member.username,
      nickname: member.nickname,
      type: member.type,
      vipLevel: member.vip_level,
    });
    // Promotions the member can claim now, and completed missions whose reward is not claimed yet.
    const promotion = member.type === TRIAL_TYPE ? 0 : await promotions.claimableCount(merchant, member);
    const mission = await missions.claimableCount(merchant, member);
    return { message, promotion, mission, reward: promotion, unclaimed: promotion + message };
  }

  return {
    /** The member's counts: kept ones while nothing they depend on changed, else computed now. */
    of(merchant: Merchant, member: SignedInMember): Promise<MemberCounts> {
      const version = versions.get(merchant.id) ?? 0;
      const now = Date.now();
      const found = entries.get(member.id);
      if (found && found.merchantId === merchant.id && found.version === version && now < found.until)
        return found.counts;
      const entry: Entry = {
        merchantId: merchant.id,
        version,
        until: Number.POSITIVE_INFINITY,
        counts: null as never,
      };
      entry.counts = (async () => {
        const started = new Date(now);
        const [counts, boundary] = await Promise.all([
          compute(merchant, member),
          nextBoundary(merchant, version, started),
        ]);
        entry.until = Math.min(boundary, now + COUNTS_CACHE_MS);
        return counts;
      })();
      entries.set(member.id, entry);
      entry.counts.catch(() => {
        if (entries.get(member.id) === entry) entries.delete(member.id);
      });
      return entry.counts;
    },
  };
}

export type CountsService = ReturnType<typeof countsService>;
