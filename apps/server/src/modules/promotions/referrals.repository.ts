// SQL of the referral rewards (migrations/052_referral.sql): one decision per friend, and the bonuses that paid it.
import type { ReferralRefusal } from '@tala/contracts/referral';
import { type ColumnType, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

type Money = ColumnType<number, number | bigint, number | bigint>;

export interface ReferralRewardsTable {
  friend_id: number;
  referrer_id: number;
  merchant_id: number;
  promotion_id: number;
  outcome: 'qualified' | 'refused';
  refusal: ReferralRefusal | null;
  reward: Money;
  friend_reward: Money;
  referrer_bonus_id: number | null;
  friend_bonus_id: number | null;
  /** Set instead of the bonus when the part's member was under a break at its payment (migration 069). */
  referrer_forfeited_at: ColumnType<Date | null, Date | undefined, Date>;
  friend_forfeited_at: ColumnType<Date | null, Date | undefined, Date>;
  decided_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type ReferralRewardRow = Selectable<ReferralRewardsTable>;
type Tables = { referral_rewards: ReferralRewardsTable };
type RewardsDb = Database extends Kysely<infer DB> ? Kysely<DB & Tables> : never;
const t = (executor: Database) => executor.withTables<Tables>() as RewardsDb;

const numeric = (row: ReferralRewardRow): ReferralRewardRow => ({
  ...row,
  reward: Number(row.reward),
  friend_reward: Number(row.friend_reward),
  referrer_bonus_id: row.referrer_bonus_id === null ? null : Number(row.referrer_bonus_id),
  friend_bonus_id: row.friend_bonus_id === null ? null : Number(row.friend_bonus_id),
});

export function referralsRepository(db: Database) {
  return {
    /** The decision for a friend, written first in its transaction; false when another run decided already. */
    async insertDecision(
      trx: Database,
      row: {
        friend_id: number;
        referrer_id: number;
        merchant_id: number;
        promotion_id: number;
        outcome: 'qualified' | 'refused';
        refusal: ReferralRefusal | null;
        reward: number;
        friend_reward: number;
      },
    ) {
      const inserted = await t(trx)
        .insertInto('referral_rewards')
        .values(row)
        .onConflict((oc) => oc.column('friend_id').doNothing())
        .returning('friend_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async refuse(trx: Database, friendId: number, refusal: ReferralRefusal) {
      await t(trx)
        .updateTable('referral_rewards')
        .set({ outcome: 'refused', refusal })
        .where('friend_id', '=', friendId)
        .execute();
    },

    /** Friends this referrer was (or is to be) rewarded for by a promotion: the per-referrer limit. */
    async qualifiedCount(trx: Database, referrerId: number, promotionId: number) {
      const row = await t(trx)
        .selectFrom('referral_rewards')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('referrer_id', '=', referrerId)
        .where('promotion_id', '=', promotionId)
        .where('outcome', '=', 'qualified')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async decision(executor: Database, friendId: number, forUpdate = false) {
      let query = t(executor).selectFrom('referral_rewards').selectAll().where('friend_id', '=', friendId);
      if (forUpdate) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? numeric(row) : null;
    },

    async decisions(friendIds: number[]) {
      if (friendIds.length === 0) return new Map<number, ReferralRewardRow>();
      const rows = await t(db)
        .selectFrom('referral_rewards')
        .selectAll()
        .where('friend_id', 'in', friendIds)
        .execute();
      return new Map(rows.map((r) => [r.friend_id, numeric(r)]));
    },

    async markPaid(trx: Database, friendId: number, part: 'referrer' | 'friend', bonusId: number) {
      await t(trx)
        .updateTable('referral_rewards')
        .set(part === 'referrer' ? { referrer_bonus_id: bonusId } : { friend_bonus_id: bonusId })
        .where('friend_id', '=', friendId)
        .execute();
    },

    /** A part whose member was under a break at its payment: forfeited, so it is never paid later. */
    async forfeit(trx: Database, friendId: number, part: 'referrer' | 'friend', at: Date) {
      await t(trx)
        .updateTable('referral_rewards')
        .set(part === 'referrer' ? { referrer_forfeited_at: at } : { friend_forfeited_at: at })
        .where('friend_id', '=', friendId)
        .execute();
    },

    /** Qualified friends of a merchant with a reward not paid (nor forfeited) yet: waiting for an active bonus, or budget. */
    async unpaid(merchantId: number, limit: number) {
      const rows = await t(db)
        .selectFrom('referral_rewards')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('outcome', '=', 'qualified')
        .where(
          sql<boolean>`((referrer_bonus_id IS NULL AND referrer_forfeited_at IS NULL)
            OR (friend_reward > 0 AND friend_bonus_id IS NULL AND friend_forfeited_at IS NULL))`,
        )
        .orderBy('decided_at')
        .limit(limit)
        .execute();
      return rows.map(numeric);
    },

    /** What a referrer got in all: friends qualified, and the rewards paid to them. */
    async totals(referrerId: number) {
      const row = await sql<{ qualified: string; rewards: string | null }>`
        SELECT count(*) FILTER (WHERE r.outcome = 'qualified') AS qualified,
               sum(b.amount) AS rewards
        FROM referral_rewards r LEFT JOIN bonuses b ON b.id = r.referrer_bonus_id
        WHERE r.referrer_id = ${referrerId}`.execute(db);
      const first = row.rows[0];
      return { qualified: Number(first?.qualified ?? 0), rewards: Number(first?.rewards ?? 0) };
    },
  };
}
