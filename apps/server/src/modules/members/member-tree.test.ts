// The agent tree (decision 032): the closure table kept by the database on every registration and move, indexed
// downline look-ups at any depth, the tree as it was before a move, and the back office's move with its refusals.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { uniqueName } from './member-fixtures.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');

async function member(type: number, uplineId: number | null = null) {
  const username = uniqueName(type === 0 ? 'tm' : 'ta');
  const id = await services.members.create(tala, { username, password: 'secret123', type, uplineId });
  return { id, username };
}

function move(
  id: number,
  uplineUsername: string,
  reason = 'Agent asked to take over this line',
  auth = owner,
) {
  return app.inject({
    method: 'PUT',
    url: `/admin-api/members/${id}/upline`,
    headers: { authorization: auth },
    payload: { uplineUsername, reason },
  });
}

const names = async (agentId: number) =>
  (await services.members.downline(agentId, undefined, 100)).map((d) => [d.username, d.level]);

/** The current closure rows differ from the tree members.upline_id describes: none, when all is well. */
async function closureMismatches() {
  const result = await sql<{ n: number }>`
    WITH RECURSIVE chain (descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM members
      UNION ALL
      SELECT c.descendant_id, m.upline_id, c.depth + 1 FROM chain c JOIN members m ON m.id = c.ancestor_id
       WHERE m.upline_id IS NOT NULL AND c.depth < 64
    ),
    current AS (SELECT ancestor_id, descendant_id, depth FROM member_tree WHERE valid_to IS NULL)
    SELECT count(*)::int AS n FROM (
      (SELECT ancestor_id, descendant_id, depth FROM chain EXCEPT SELECT * FROM current)
      UNION ALL
      (SELECT * FROM current EXCEPT SELECT ancestor_id, descendant_id, depth FROM chain)
    ) d`.execute(database.db);
  return result.rows[0]?.n;
}

describe('agent tree', () => {
  it('answers the downline at any depth, and moves a member with its downline without rewriting history', async () => {
    const top = await member(1);
    const sub = await member(1, top.id);
    const player = await member(0, sub.id);
    const other = await member(2);
    expect(await names(top.id)).toEqual([
      [sub.username, 1],
      [player.username, 2],
    ]);
    expect(await services.members.downlineDepth(top.id, player.id)).toBe(2);
    expect(await services.members.downlineDepth(player.id, top.id)).toBeNull();

    const before = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const moved = await move(sub.id, other.username.toUpperCase());
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().value).toMatchObject({ uplineAccount: other.username, uplineId: other.id });
    expect(await names(top.id)).toEqual([]);
    expect(await names(other.id)).toEqual([
      [sub.username, 1],
      [player.username, 2],
    ]);
    // Reports by period read the tree as it was.
    expect(await services.members.downlineAt(top.id, before)).toEqual([
      { memberId: sub.id, depth: 1 },
      { memberId: player.id, depth: 2 },
    ]);
    expect(await services.members.downlineAt(other.id, before)).toEqual([]);
    // A member registering under the moved line lands under its new uplines.
    const late = await member(0, player.id);
    expect(await services.members.downlineDepth(other.id, late.id)).toBe(3);
    expect(await services.members.downlineDepth(top.id, late.id)).toBeNull();

    const changes = await database.db
      .selectFrom('member_upline_changes')
      .selectAll()
      .where('member_id', '=', sub.id)
      .execute();
    expect(changes).toMatchObject([
      { from_upline: top.id, to_upline: other.id, reason: 'Agent asked to take over this line' },
    ]);
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'before', 'after'])
      .where('action', '=', 'member.upline.move')
      .where('target', '=', sub.username)
      .execute();
    expect(audit).toEqual([
      {
        action: 'member.upline.move',
        target: sub.username,
        before: { upline: top.username },
        after: { upline: other.username, reason: 'Agent asked to take over this line' },
      },
    ]);
    expect(await closureMismatches()).toBe(0);
  });

  it('refuses an upline that is no agent, unknown, the member itself or in its own downline; writes nothing', async () => {
    const top = await member(1);
    const sub = await member(41, top.id);
    const player = await member(0, sub.id);
    const cases = [
      { id: top.id, upline: sub.username, status: 409, code: 'upline_in_downline' },
      { id: top.id, upline: top.username, status: 409, code: 'upline_in_downline' },
      { id: sub.id, upline: player.username, status: 400, code: 'upline_not_agent' },
      { id: sub.id, upline: 'nobody-like-this', status: 404, code: 'upline_not_found' },
      { id: 99_999_999, upline: top.username, status: 404, code: 'not_found' },
    ];
    for (const c of cases) {
      const response = await move(c.id, c.upline);
      expect(response.statusCode, `${c.code}: ${response.body}`).toBe(c.status);
      expect(response.json()).toMatchObject({ errorCode: c.code });
    }
    const blank = await move(sub.id, top.username, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ errorCode: 'validation_failed', field: 'reason' });
    expect(await names(top.id)).toEqual([
      [sub.username, 1],
      [player.username, 2],
    ]);
    // The database refuses a cycle even past the service.
    await expect(
      sql`UPDATE members SET upline_id = ${player.id} WHERE id = ${top.id}`.execute(database.db),
    ).rejects.toThrow(/own downline/);
  });

  it('browses the tree a level at a time for the back office (staff), with each downline size', async () => {
    const top = await member(1);
    const sub = await member(1, top.id);
    const player = await member(0, top.id);
    await member(0, sub.id);
    await member(0, sub.id);
    const read = async (auth: string) =>
      app.inject({ url: `/admin-api/members/${top.id}/downline`, headers: { authorization: auth } });
    const answer = await read(owner);
    expect(answer.json().value).toEqual({
      total: 4,
      direct: [
        { id: player.id, username: player.username, type: 0, status: 'active', downline: 0 },
        { id: sub.id, username: sub.username, type: 1, status: 'active', downline: 2 },
      ].sort((a, b) => a.username.localeCompare(b.username)),
    });
    expect((await read(await operatorAuth(app, 'support', 'support-demo-1'))).statusCode).toBe(200);
    expect((await read(await operatorAuth(app, 'content', 'content-demo-1'))).statusCode).toBe(403);
    const unknown = await app.inject({
      url: '/admin-api/members/99999999/downline',
      headers: { authorization: owner },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for owners only', async () => {
    const top = await member(1);
    const sub = await member(1);
    for (const role of ['finance', 'support', 'content'] as const) {
      const auth = await operatorAuth(app, role, `${role}-demo-1`);
      expect((await move(sub.id, top.username, 'reason', auth)).statusCode).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/admin-api/members/${sub.id}/upline`,
      payload: { uplineUsername: top.username, reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await names(top.id)).toEqual([]);
  });

  it('stays equal to the tree the uplines describe through many random moves', async () => {
    const agents = [await member(1)];
    for (let i = 1; i < 12; i++) {
      const upline = agents[Math.floor(Math.random() * agents.length)];
      agents.push(await member(i % 3 === 0 ? 2 : 1, upline?.id ?? null));
    }
    for (let i = 0; i < 6; i++)
      await member(0, agents[Math.floor(Math.random() * agents.length)]?.id ?? null);
    let moves = 0;
    for (let i = 0; i < 40; i++) {
      const a = agents[Math.floor(Math.random() * agents.length)];
      const b = agents[Math.floor(Math.random() * agents.length)];
      if (!a || !b) continue;
      const response = await move(a.id, b.username, `shuffle ${i}`);
      if (response.statusCode === 200) moves += 1;
      else expect(response.json().errorCode).toBe('upline_in_downline');
    }
    expect(moves).toBeGreaterThan(5);
    expect(await closureMismatches()).toBe(0);
  });
});
