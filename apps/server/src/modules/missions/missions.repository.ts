import type { MissionBody } from '@tala/contracts/missions';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import { type MissionClaimsTable, type MissionsTable, withMissionTables } from './missions.tables.ts';

export type MissionRow = Selectable<MissionsTable>;
export type MissionClaimRow = Selectable<MissionClaimsTable>;

const fieldsOf = (body: MissionBody) => ({
  period: body.period,
  enabled: body.enabled,
  starts_at: body.startsAt,
  ends_at: body.endsAt,
  reward: body.reward,
  points: body.points,
  tasks: JSON.stringify(body.tasks),
  texts: JSON.stringify(body.texts),
});

/** SQL for the missions module's own tables (and its read-only view of games played). */
export function missionsRepository(db: Database) {
  const t = withMissionTables;
  return {
    /** Cash rewards claimed per day of the merchant's calendar: how many, and what they paid. */
    rewardsByDay(merchantId: number, from: Date, to: Date, timeZone: string) {
      return t(db)
        .selectFrom('mission_claims')
        .select([
          sql<string>`to_char(claimed_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'),
          sql<number>`count(*)`.as('n'),
          sql<number>`sum(reward)`.as('amount'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('reward', '>', 0)
        .where('claimed_at', '>=', from)
        .where('claimed_at', '<', to)
        .groupBy('day')
        .execute();
    },

    async missions(merchantId: number) {
      return t(db)
        .selectFrom('missions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('ends_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    /** Switched on and running at the instant. */
    async running(merchantId: number, at: Date) {
      return t(db)
        .selectFrom('missions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .orderBy('period')
        .orderBy('id')
        .execute();
    },
    async mission(id: number) {
      return t(db).selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(trx: Database, merchantId: number, body: MissionBody) {
      const row = await t(trx)
        .insertInto('missions')
        .values({ merchant_id: merchantId, ...fieldsOf(body) })
        .returningAll()
        .executeTakeFirstOrThrow();
      changes.publish(trx, { on: 'merchant', merchantId });
      return row;
    },
    async update(trx: Database, id: number, body: MissionBody) {
      return t(trx)
        .updateTable('missions')
        .set({ ...fieldsOf(body), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
        .then((row) => {
          if (row) changes.publish(trx, { on: 'merchant', merchantId: row.merchant_id });
          return row;
        });
    },

    // ------------------------------------------------------------------ claims
    async insertClaim(trx: Database, values: Insertable<MissionClaimsTable>) {
      const row = await t(trx)
        .insertInto('mission_claims')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      changes.publish(trx, { on: 'member', memberId: values.member_id });
      return row;
    },
    /** The member's claims of these periods (keys). */
    async claimsOf(memberId: number, periodKeys: string[]) {
      if (periodKeys.length === 0) return [];
      return t(db)
        .selectFrom('mission_claims')
        .select(['mission_id', 'period_key'])
        .where('member_id', '=', memberId)
        .where('period_key', 'in', periodKeys)
        .execute();
    },
    /** Points the member earned by claims in [from, to). */
    async pointsBetween(memberId: number, from: Date, to: Date) {
      const row = await t(db)
        .selectFrom('mission_claims')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('points'))
        .where('member_id', '=', memberId)
        .where('claimed_at', '>=', from)
        .where('claimed_at', '<', to)
        .executeTakeFirst();
      return Number(row?.points ?? 0);
    },
    /** Members ranked by points of claims in [from, to): most points first, then who got there first. */
    async board(merchantId: number, from: Date, to: Date) {
      const rows = await t(db)
        .selectFrom('mission_claims as c')
        .innerJoin('members as m', 'm.id', 'c.member_id')
        .select((eb) => [
          'c.member_id',
          'm.username',
          eb.fn.sum<number>('c.points').as('points'),
          eb.fn.sum<number>('c.reward').as('reward'),
          eb.fn.countAll<number>().as('missions'),
          eb.fn.max('c.claimed_at').as('last'),
        ])
        .where('c.merchant_id', '=', merchantId)
        .where('c.claimed_at', '>=', from)
        .where('c.claimed_at', '<', to)
        .groupBy(['c.member_id', 'm.username'])
        .orderBy('points', 'desc')
        .orderBy('last', 'asc')
        .orderBy('c.member_id', 'asc')
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        points: Number(r.points),
        reward: Number(r.reward),
        missions: Number(r.missions),
      }));
    },
    /** Per mission: claims, distinct members, cash paid, and claims of the given period keys. */
    async stats(missionIds: number[], currentKeys: string[]) {
      const stats = new Map<number, { claims: number; members: number; paid: number; current: number }>();
      if (missionIds.length === 0) return stats;
      const keys = currentKeys.length > 0 ? currentKeys : [''];
      const rows = await t(db)
        .selectFrom('mission_claims')
        .select((eb) => [
          'mission_id',
          eb.fn.countAll<number>().as('claims'),
          sql<number>`count(DISTINCT member_id)`.as('members'),
          eb.fn.coalesce(eb.fn.sum<number>('reward'), sql<number>`0`).as('paid'),
          sql<number>`count(*) FILTER (WHERE period_key IN (${sql.join(keys)}))`.as('current'),
        ])
        .where('mission_id', 'in', missionIds)
        .groupBy('mission_id')
        .execute();
      for (const r of rows)
        stats.set(r.mission_id, {
          claims: Number(r.claims),
          members: Number(r.members),
          paid: Number(r.paid),
          current: Number(r.current),
        });
      return stats;
    },

    // ------------------------------------------------------------------ facts
    async gamesPlayed(merchantId: number, memberId: number, from: Date, to: Date) {
      const row = await t(db)
        .selectFrom('mission_games_played')
        .select(sql<number>`count(DISTINCT game)`.as('n'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
