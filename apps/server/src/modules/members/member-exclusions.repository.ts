// SQL of the members' breaks (table member_exclusions, migration 066; docs/decisions/047-time-out-and-self-exclusion.md).
import type { ExclusionKind } from '@tala/contracts/exclusions';
import { type Expression, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MemberExclusionsTable } from '../../db/schema.ts';
import { changes } from '../../lib/change-feed.ts';

export type ExclusionRow = Selectable<MemberExclusionsTable>;
/** The restriction a session carries: the break that applies to the member now, the strongest first. */
export type Restriction = { kind: ExclusionKind; endsAt: Date | null };

/** Kinds that also cover the accounts sharing a verified identifier in the merchant's exclusion group. */
export const spreadingKinds = ['self', 'family', 'operator'] as const;

/**
 * Whether a break applies now: started, not lifted (or its lift still ahead), and, for a time-out or a family or
 * operator exclusion, before its end. A self-exclusion stays after its end until a lift; a closure until reopened.
 */
const applies = sql`e.starts_at <= now() AND (e.lifts_at IS NULL OR e.lifts_at > now())
  AND (e.kind NOT IN ('timeout', 'family', 'operator') OR e.ends_at > now())`;

/** The accounts `o` and `me` share a proven mobile, a proven e-mail or an ID number verified by KYC (decision 048). */
const sharesIdentifier = sql`(
  (me.mobile_verified_at IS NOT NULL AND o.mobile_verified_at IS NOT NULL
    AND o.mobile_dialing_code = me.mobile_dialing_code AND o.mobile_number = me.mobile_number)
  OR (me.email_verified_at IS NOT NULL AND o.email_verified_at IS NOT NULL AND o.email = me.email)
  OR (me.verified_id_number IS NOT NULL AND o.verified_id_number = me.verified_id_number)
)`;

/** `o`'s merchant is `me`'s, or both are in the same (non-null) exclusion group. */
const sameGroup = sql`(o.merchant_id = me.merchant_id OR (
  (mm.settings->>'exclusionGroup') IS NOT NULL
  AND (om.settings->>'exclusionGroup') = (mm.settings->>'exclusionGroup')))`;

/**
 * The breaks that cover a member (the SQL expression of its id): its own of every kind, and the self, family and
 * operator exclusions of the accounts linked to it. With `onlyActive`, those that apply now.
 */
function covering(memberId: Expression<number> | RawBuilder<number> | number, onlyActive: boolean) {
  return sql`SELECT e.*, (e.member_id <> me.id) AS inherited, o.username AS account, om.code AS merchant_code
    FROM members me
    JOIN merchants mm ON mm.id = me.merchant_id
    JOIN member_exclusions e ON true
    JOIN members o ON o.id = e.member_id
    JOIN merchants om ON om.id = o.merchant_id
    WHERE me.id = ${memberId}
      AND (e.member_id = me.id
        OR (e.kind IN ('self', 'family', 'operator') AND ${sharesIdentifier} AND ${sameGroup}))
      ${onlyActive ? sql`AND ${applies}` : sql``}`;
}

/**
 * A `SELECT id` of every member under a break now (its own, or a linked account's exclusion): the members that
 * marketing leaves out.
 */
export function restrictedMembers(): RawBuilder<{ id: number }> {
  return sql`SELECT e.member_id AS id FROM member_exclusions e WHERE ${applies}
    UNION
    SELECT me.id FROM member_exclusions e
      JOIN members o ON o.id = e.member_id
      JOIN merchants om ON om.id = o.merchant_id
      JOIN members me ON me.id <> o.id AND ${sharesIdentifier}
      JOIN merchants mm ON mm.id = me.merchant_id
    WHERE e.kind IN ('self', 'family', 'operator') AND ${applies} AND ${sameGroup}`;
}

/** Strongest first: an exclusion, then a closure, then a time-out; of one kind, the one ending last. */
const strongestFirst = sql`CASE e.kind WHEN 'self' THEN 1 WHEN 'family' THEN 2 WHEN 'operator' THEN 2
  WHEN 'closure' THEN 3 ELSE 4 END, e.ends_at DESC NULLS FIRST`;

/** The restriction of a member now as a JSON value (for the session's one read), or null. */
export function restrictionOf(memberId: Expression<number>) {
  return sql<{ kind: ExclusionKind; endsAt: string | null } | null>`(
    SELECT json_build_object('kind', e.kind, 'endsAt', e.ends_at)
    FROM (${covering(memberId, true)}) e ORDER BY ${strongestFirst} LIMIT 1)`;
}

export type CoveringRow = ExclusionRow & { inherited: boolean; account: string; merchant_code: string };

export function memberExclusionsRepository(db: Database) {
  return {
    /** Every break that covers the member (its own and its linked accounts'), newest first. */
    async covering(memberId: number, executor: Database = db) {
      const result = await sql<CoveringRow>`SELECT * FROM (${covering(memberId, false)}) e
        ORDER BY e.starts_at DESC, e.id DESC LIMIT 200`.execute(executor);
      return result.rows.map(normalise);
    },

    /** The breaks that apply to the member now, strongest first. */
    async active(memberId: number, executor: Database = db) {
      const result = await sql<CoveringRow>`SELECT * FROM (${covering(memberId, true)}) e
        ORDER BY ${strongestFirst}`.execute(executor);
      return result.rows.map(normalise);
    },

    /** The time zone of a merchant's calendar, for the times in a member's messages. */
    async timeZone(executor: Database, merchantId: number): Promise<string> {
      const result = await sql<{ zone: string | null }>`
        SELECT settings -> 'whitelabel' ->> 'timeZone' AS zone FROM merchants WHERE id = ${merchantId}`.execute(
        executor,
      );
      return result.rows[0]?.zone ?? 'UTC';
    },

    async byId(executor: Database, id: number) {
      return executor
        .selectFrom('member_exclusions')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async insert(
      executor: Database,
      values: {
        member_id: number;
        merchant_id: number;
        kind: ExclusionKind;
        ends_at: Date | null;
        reason: string | null;
        created_by_type: 'member' | 'operator';
        created_by_id: number | null;
        created_by_name: string;
      },
    ) {
      return executor.insertInto('member_exclusions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async setLift(
      executor: Database,
      id: number,
      values: {
        lift_requested_at?: Date;
        lifts_at: Date;
        lifted_by_name: string;
        lift_reason: string | null;
      },
    ) {
      return executor
        .updateTable('member_exclusions')
        .set(values)
        .where('id', '=', id)
        .where('lifts_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The accounts a member's exclusion covers besides its own: the members who share a proven mobile, a proven
     * e-mail or the ID number with it, on its merchant or a merchant of the same exclusion group.
     */
    async linkedMembers(memberId: number, executor: Database = db) {
      const result = await sql<{ id: number; merchant_id: number }>`SELECT o.id, o.merchant_id
        FROM members me
        JOIN merchants mm ON mm.id = me.merchant_id
        JOIN members o ON o.id <> me.id
        JOIN merchants om ON om.id = o.merchant_id
        WHERE me.id = ${memberId} AND ${sharesIdentifier} AND ${sameGroup}
        ORDER BY o.id LIMIT 1000`.execute(executor);
      return result.rows.map((r) => ({ id: Number(r.id), merchantId: Number(r.merchant_id) }));
    },

    /** Breaks whose side effects were not carried out yet (a process died between the two). */
    async pendingEffects(limit = 100) {
      return db
        .selectFrom('member_exclusions')
        .selectAll()
        .where('effects_done_at', 'is', null)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    async effectsDone(id: number) {
      await db
        .updateTable('member_exclusions')
        .set({ effects_done_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** The cached sessions of these members carry their restriction: they are read again. */
    sessionsChanged(executor: Database, memberIds: number[]) {
      for (const memberId of memberIds) {
        changes.publish(executor, { on: 'sessions', memberId });
        changes.publish(executor, { on: 'member', memberId });
      }
    },
  };
}

function normalise(row: CoveringRow): CoveringRow {
  return {
    ...row,
    id: Number(row.id),
    member_id: Number(row.member_id),
    merchant_id: Number(row.merchant_id),
  };
}
