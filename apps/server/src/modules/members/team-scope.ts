import { type RawBuilder, sql } from 'kysely';

/**
 * Who belongs to an agent's team, as SQL other modules' reports filter by (the tree is the members module's:
 * decisions/032-agent-tree.md). Pass column references (`sql.ref('b.member_id')`).
 */

/** A member was below the agent (at any depth) at the instant of the row: history is never rewritten by a move. */
export function inTeamAt(agentId: number, memberId: RawBuilder<unknown>, at: RawBuilder<unknown>) {
  return sql<boolean>`EXISTS (SELECT 1 FROM member_tree team WHERE team.ancestor_id = ${agentId}
    AND team.descendant_id = ${memberId} AND team.depth > 0
    AND team.valid_from <= ${at} AND (team.valid_to IS NULL OR team.valid_to > ${at}))`;
}

/** A member is below the agent now. */
export function inTeamNow(agentId: number, memberId: RawBuilder<unknown>) {
  return sql<boolean>`EXISTS (SELECT 1 FROM member_tree team WHERE team.ancestor_id = ${agentId}
    AND team.descendant_id = ${memberId} AND team.depth > 0 AND team.valid_to IS NULL)`;
}

/** How a report narrows its rows to a team: the agent, and a member of it when one is asked for. */
export type TeamScope = { agentId: number; memberId?: number | undefined };
