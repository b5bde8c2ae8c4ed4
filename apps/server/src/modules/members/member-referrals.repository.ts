// SQL of the referral relation (migrations/052_referral.sql): each member's own code, the friend a registration
// with a code brought, and the browsers a member used. The agent tree (member_tree) is a different relation.
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MemberReferralCodesTable {
  member_id: number;
  merchant_id: number;
  code: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface MemberReferralsTable {
  friend_id: number;
  referrer_id: number;
  merchant_id: number;
  code: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export interface MemberDevicesTable {
  member_id: number;
  /** The member's merchant, copied from the member when not given (migration 081, decision 063). */
  merchant_id: ColumnType<number, number | undefined, number>;
  device_id: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}
export type ReferralTables = {
  member_referral_codes: MemberReferralCodesTable;
  member_referrals: MemberReferralsTable;
  member_devices: MemberDevicesTable;
};
type ReferralDb = Database extends Kysely<infer DB> ? Kysely<DB & ReferralTables> : never;
const t = (executor: Database) => executor.withTables<ReferralTables>() as ReferralDb;

/** A browser id as the site makes it; anything else is not recorded. */
export const DEVICE_ID = /^[A-Za-z0-9-]{8,64}$/;

export function memberReferralsRepository(db: Database) {
  return {
    async codeOf(memberId: number) {
      const row = await t(db)
        .selectFrom('member_referral_codes')
        .select('code')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.code ?? null;
    },

    /** Inserts a code unless the member has one; false when the code is another member's (try another). */
    async insertCode(memberId: number, merchantId: number, code: string) {
      try {
        await t(db)
          .insertInto('member_referral_codes')
          .values({ member_id: memberId, merchant_id: merchantId, code })
          .onConflict((oc) => oc.column('member_id').doNothing())
          .execute();
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return false;
        throw error;
      }
    },

    /** The real, active member of this merchant whose code it is. */
    async referrerByCode(executor: Database, merchantId: number, code: string) {
      const row = await t(executor)
        .selectFrom('member_referral_codes as c')
        .innerJoin('members as m', 'm.id', 'c.member_id')
        .select(['m.id', 'm.type', 'm.status'])
        .where('c.merchant_id', '=', merchantId)
        .where('c.code', '=', code)
        .executeTakeFirst();
      return row ?? null;
    },

    async insertReferral(
      executor: Database,
      row: { friend_id: number; referrer_id: number; merchant_id: number; code: string },
    ) {
      await t(executor).insertInto('member_referrals').values(row).execute();
    },

    async rememberDevice(executor: Database, memberId: number, deviceId: string) {
      await t(executor)
        .insertInto('member_devices')
        .values({ member_id: memberId, device_id: deviceId })
        .onConflict((oc) => oc.columns(['member_id', 'device_id']).doUpdateSet({ last_seen_at: new Date() }))
        .execute();
    },

    async referrerOf(friendId: number) {
      const row = await t(db)
        .selectFrom('member_referrals as r')
        .innerJoin('members as m', 'm.id', 'r.referrer_id')
        .select(['r.referrer_id', 'm.username', 'r.code', 'r.created_at'])
        .where('r.friend_id', '=', friendId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** A referrer's friends, newest first. */
    async friendsPage(referrerId: number, limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        t(db)
          .selectFrom('member_referrals as r')
          .innerJoin('members as m', 'm.id', 'r.friend_id')
          .select(['r.friend_id', 'm.username', 'm.type', 'r.created_at'])
          .where('r.referrer_id', '=', referrerId)
          .orderBy('r.created_at', 'desc')
          .orderBy('r.friend_id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        t(db)
          .selectFrom('member_referrals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('referrer_id', '=', referrerId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Friends who joined a merchant in [from, to), oldest first (the referral job's candidates). */
    async joinedBetween(merchantId: number, from: Date, to: Date, referrerId?: number) {
      let query = t(db)
        .selectFrom('member_referrals as r')
        .innerJoin('members as m', 'm.id', 'r.friend_id')
        .select(['r.friend_id', 'r.referrer_id', 'r.created_at', 'm.type'])
        .where('r.merchant_id', '=', merchantId)
        .where('r.created_at', '>=', from)
        .where('r.created_at', '<', to);
      if (referrerId !== undefined) query = query.where('r.referrer_id', '=', referrerId);
      return query.orderBy('r.created_at').orderBy('r.friend_id').execute();
    },

    /**
     * Whether two members left the same traces: an address either registered or signed in from, a browser id
     * either used at registration or sign-in.
     */
    async sharedTraces(a: number, b: number) {
      const ips = sql<{ ip: string }>`
        (SELECT ip FROM member_known_ips WHERE member_id = ${a}
         UNION SELECT register_ip FROM members WHERE id = ${a} AND register_ip IS NOT NULL)
        INTERSECT
        (SELECT ip FROM member_known_ips WHERE member_id = ${b}
         UNION SELECT register_ip FROM members WHERE id = ${b} AND register_ip IS NOT NULL)
        LIMIT 1`;
      const devices = sql<{ device_id: string }>`
        SELECT device_id FROM member_devices WHERE member_id = ${a}
        INTERSECT SELECT device_id FROM member_devices WHERE member_id = ${b}
        LIMIT 1`;
      const [ip, device] = await Promise.all([ips.execute(db), devices.execute(db)]);
      return { ip: ip.rows.length > 0, device: device.rows.length > 0 };
    },

    async devicesOf(memberId: number) {
      const rows = await t(db)
        .selectFrom('member_devices')
        .select('device_id')
        .where('member_id', '=', memberId)
        .execute();
      return rows.map((r) => r.device_id);
    },
  };
}
