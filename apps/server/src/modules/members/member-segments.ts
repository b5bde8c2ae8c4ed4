// Segments of a merchant's members, for modules that address many members at once (support's broadcasts).
import { agentTypes, TRIAL_TYPE } from '@tala/contracts/members';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { restrictedMembers } from './member-exclusions.repository.ts';
import { normaliseUsername } from './member-format.ts';
import type { MembersCore } from './members-core.ts';

/** A segment with its agent already looked up (by id, so the line is the agent's at the time it is read). */
export type ResolvedSegment =
  | { kind: 'all' }
  | { kind: 'ranks'; ranks: number[] }
  | { kind: 'agent_line'; agentId: number }
  | { kind: 'usernames'; usernames: string[] };

export function memberSegmentUseCases(core: MembersCore) {
  const { db } = core;
  const group = {
    /**
     * A `SELECT id` of the segment's members now, to be used inside another statement (an INSERT ... SELECT).
     * Trial accounts are left out except when named; an agent's line is its whole current downline, every depth.
     */
    segmentMembers(merchantId: number, segment: ResolvedSegment): RawBuilder<{ id: number }> {
      // Platform messages to segments are marketing: members under a time-out, an exclusion or a closure are left
      // out (docs/decisions/047-time-out-and-self-exclusion.md); messages to one member (a withdrawal's result) go.
      const reachable = sql`m.id NOT IN (${restrictedMembers()})`;
      const real = sql`m.merchant_id = ${merchantId} AND m.type <> ${TRIAL_TYPE} AND ${reachable}`;
      switch (segment.kind) {
        case 'all':
          return sql`SELECT m.id FROM members m WHERE ${real}`;
        case 'ranks':
          return sql`SELECT m.id FROM members m
            WHERE ${real} AND m.vip_level IN (${sql.join(segment.ranks.length ? segment.ranks : [-1])})`;
        case 'agent_line':
          return sql`SELECT m.id FROM member_tree t JOIN members m ON m.id = t.descendant_id
            WHERE t.ancestor_id = ${segment.agentId} AND t.valid_to IS NULL AND t.depth > 0 AND ${real}`;
        case 'usernames': {
          const names = segment.usernames.map(normaliseUsername);
          return sql`SELECT m.id FROM members m
            WHERE m.merchant_id = ${merchantId} AND ${reachable}
              AND m.username IN (${sql.join(names.length ? names : [''])})`;
        }
      }
    },

    /** How many members the segment has now. */
    async segmentSize(merchantId: number, segment: ResolvedSegment, executor: Database = db) {
      const inner = group.segmentMembers(merchantId, segment);
      const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${inner}) s`.execute(executor);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** The usernames of the list that are no member of the merchant, as they were given. */
    async unknownUsernames(merchantId: number, usernames: string[]) {
      if (usernames.length === 0) return [];
      const rows = await db
        .selectFrom('members')
        .select('username')
        .where('merchant_id', '=', merchantId)
        .where('username', 'in', usernames.map(normaliseUsername))
        .execute();
      const known = new Set(rows.map((r) => r.username));
      return usernames.filter((name) => !known.has(normaliseUsername(name)));
    },

    /** The merchant's agent of this username, or undefined (a member who is not an agent is not one). */
    async agentByUsername(merchantId: number, username: string) {
      const row = await db
        .selectFrom('members')
        .select(['id', 'username', 'type'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', normaliseUsername(username))
        .executeTakeFirst();
      return row && (agentTypes as readonly number[]).includes(row.type) ? row : undefined;
    },
  };
  return group;
}
