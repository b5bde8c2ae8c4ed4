// Platform messages to segments (issue 13, item 5): who may send, how a segment resolves (ranks, an agent's line at
// every depth, usernames), texts per language, read state and the badge counts from one source, withdrawal,
// scheduling, the bonus-paid system message, and every refusal with its own code and nothing written.
import { BROADCAST_TITLE_MAX, BROADCAST_USERNAMES_MAX, VIP_RANK_MAX } from '@tala/contracts/broadcasts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');

function admin(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
function player(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  language = 'EN',
) {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', language, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function member(
  options: { vipLevel?: number; uplineId?: number; type?: number; merchant?: 'tala' | 'lucky' } = {},
) {
  const username = uniqueName('bc');
  const merchant = options.merchant === 'lucky' ? lucky : tala;
  const id = await services.members.create(merchant, {
    username,
    password: 'secret123',
    ...(options.vipLevel === undefined ? {} : { vipLevel: options.vipLevel }),
    ...(options.uplineId ? { uplineId: options.uplineId } : {}),
    ...(options.type === undefined ? {} : { type: options.type }),
  });
  const token =
    options.merchant === 'lucky' || options.type === 4 ? '' : await tokenOf(app, username, 'secret123');
  return { id, username, token };
}

const texts = (title = 'Weekend bonus', body = 'Play this weekend and win.') => ({
  EN: { title, body },
  TY: { title: `${title} (TY)`, body: `Maglaro ngayong weekend. ${body}` },
});
const send = (token: string | null, body: object, code = 'tala') =>
  admin(token, 'POST', `/admin-api/merchants/${code}/broadcasts`, { texts: texts(), ...body });

async function inbox(token: string, language = 'EN') {
  const response = await player(
    token,
    'GET',
    '/wps/relay/MCSFE_getMessageListV2?pageSize=50',
    undefined,
    language,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.list as {
    id: number;
    kind: string;
    title: string;
    content: string;
    format: string;
    read: boolean;
  }[];
}
async function counts(token: string) {
  const response = await player(token, 'GET', '/wps/member/counts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as { message: number; unclaimed: number; promotion: number };
}
async function broadcastCount() {
  const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM broadcasts`.execute(services.db);
  return Number(row.rows[0]?.n);
}

describe('who may send', () => {
  it('refuses guests and members, lets every role read and only owners and support send or withdraw', async () => {
    const m = await member();
    expect((await send(null, { segment: { kind: 'all' } })).statusCode).toBe(401);
    expect((await send(m.token, { segment: { kind: 'all' } })).statusCode).toBe(401);
    for (const token of [finance, content]) {
      const refused = await send(token, { segment: { kind: 'usernames', usernames: [m.username] } });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(
        (
          await admin(token, 'POST', '/admin-api/merchants/tala/broadcasts/preview', {
            segment: { kind: 'all' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await admin(token, 'GET', '/admin-api/merchants/tala/broadcasts')).statusCode).toBe(200);
    }
    expect((await inbox(m.token)).length).toBe(0);
    const bySupport = await send(support, { segment: { kind: 'usernames', usernames: [m.username] } });
    expect(bySupport.statusCode, bySupport.body).toBe(200);
    const byOwner = await send(owner, { segment: { kind: 'usernames', usernames: [m.username] } });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const id = byOwner.json().value.id;
    expect(
      (await admin(finance, 'POST', `/admin-api/merchants/tala/broadcasts/${id}/withdraw`)).statusCode,
    ).toBe(403);
    expect((await inbox(m.token)).length).toBe(2);
    const audit = await services.db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target', '=', `broadcast:${id}`)
      .execute();
    expect(audit).toEqual([{ action: 'support.broadcast.send', actor_name: 'owner' }]);
    // The player's calls need a member.
    expect((await player(null, 'GET', '/wps/relay/MCSFE_getMessageListV2')).statusCode).toBe(401);
    expect((await player(null, 'POST', '/wps/relay/MCSFE_readMessageV2', { all: true })).statusCode).toBe(
      401,
    );
  });
});

describe('segments', () => {
  it('sends to members of the given ranks only, and the badge, the avatar count and reading follow', async () => {
    const gold = await member({ vipLevel: 7 });
    const silver = await member({ vipLevel: 3 });
    const preview = await admin(support, 'POST', '/admin-api/merchants/tala/broadcasts/preview', {
      segment: { kind: 'ranks', ranks: [7] },
    });
    expect(preview.json().value).toEqual({ recipients: 1, unknownUsernames: [] });
    const before = await counts(gold.token);
    const sent = await send(support, { segment: { kind: 'ranks', ranks: [7] } });
    expect(sent.json().value).toMatchObject({
      status: 'sent',
      recipients: 1,
      reads: 0,
      segment: { ranks: [7] },
    });
    const after = await counts(gold.token);
    expect(after.message).toBe(before.message + 1);
    expect(after.unclaimed).toBe(after.promotion + after.message);
    expect(await inbox(silver.token)).toEqual([]);
    expect((await counts(silver.token)).message).toBe(0);

    const [message] = await inbox(gold.token);
    expect(message).toMatchObject({ kind: 'broadcast', title: 'Weekend bonus', read: false, format: 'text' });
    const read = await player(gold.token, 'POST', '/wps/relay/MCSFE_readMessageV2', {
      broadcastIds: [message?.id],
    });
    expect(read.json().value).toEqual({ unread: 0 });
    expect((await counts(gold.token)).message).toBe(0);
    expect((await inbox(gold.token))[0]?.read).toBe(true);
    const listed = await admin(content, 'GET', '/admin-api/merchants/tala/broadcasts');
    const row = listed.json().value.list.find((b: { id: number }) => b.id === sent.json().value.id);
    expect(row).toMatchObject({ recipients: 1, reads: 1, createdBy: 'support' });
  });

  it("reaches an agent's whole line at every depth at send time, not the agent, not other lines, not later joiners", async () => {
    const agent = await member({ type: 1 });
    const subAgent = await member({ type: 1, uplineId: agent.id });
    const direct = await member({ uplineId: agent.id });
    const deep = await member({ uplineId: subAgent.id });
    const otherAgent = await member({ type: 1 });
    const outsider = await member({ uplineId: otherAgent.id });
    const preview = await admin(owner, 'POST', '/admin-api/merchants/tala/broadcasts/preview', {
      segment: { kind: 'agent_line', agent: agent.username.toUpperCase() },
    });
    expect(preview.json().value.recipients).toBe(3);
    const sent = await send(owner, { segment: { kind: 'agent_line', agent: agent.username } });
    expect(sent.json().value).toMatchObject({
      recipients: 3,
      segment: { kind: 'agent_line', agent: agent.username },
    });
    for (const who of [subAgent, direct, deep]) expect((await inbox(who.token)).length).toBe(1);
    for (const who of [agent, outsider]) expect((await inbox(who.token)).length).toBe(0);
    const later = await member({ uplineId: agent.id });
    expect((await inbox(later.token)).length).toBe(0);
  });

  it('leaves trial accounts out of ranks and lines, and reaches one only when named', async () => {
    const agent = await member({ type: 1 });
    const trial = await member({ type: 4, vipLevel: 8, uplineId: agent.id });
    const count = async (segment: object) =>
      (await admin(support, 'POST', '/admin-api/merchants/tala/broadcasts/preview', { segment })).json().value
        .recipients;
    expect(await count({ kind: 'ranks', ranks: [8] })).toBe(0);
    expect(await count({ kind: 'agent_line', agent: agent.username })).toBe(0);
    expect(await count({ kind: 'usernames', usernames: [trial.username] })).toBe(1);
  });

  it('reports unknown usernames before sending and refuses to send while there are any', async () => {
    const known = await member();
    const elsewhere = await member({ merchant: 'lucky' });
    const preview = await admin(support, 'POST', '/admin-api/merchants/tala/broadcasts/preview', {
      segment: { kind: 'usernames', usernames: [known.username, 'nobody-here', elsewhere.username] },
    });
    expect(preview.json().value).toEqual({
      recipients: 1,
      unknownUsernames: ['nobody-here', elsewhere.username],
    });
    const before = await broadcastCount();
    const refused = await send(support, {
      segment: { kind: 'usernames', usernames: [known.username, 'nobody-here'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'broadcast_usernames_unknown',
      unknownUsernames: ['nobody-here'],
    });
    expect(refused.json().message).toContain('nobody-here');
    expect(await broadcastCount()).toBe(before);
    expect((await inbox(known.token)).length).toBe(0);
  });
});

describe('texts', () => {
  it("shows the member's language, falls back to the merchant's default, and keeps only safe rich text", async () => {
    const m = await member();
    const sent = await send(owner, {
      segment: { kind: 'usernames', usernames: [m.username] },
      format: 'html',
      texts: {
        EN: {
          title: 'Rich',
          body: '<p>Hello <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
        },
        TY: { title: 'Mayaman', body: '<p>Kumusta <i>ka</i></p>' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [en] = await inbox(m.token, 'EN');
    expect(en).toMatchObject({ title: 'Rich', format: 'html' });
    expect(en?.content).toContain('<b>there</b>');
    expect(en?.content).not.toMatch(/script|onerror/);
    expect((await inbox(m.token, 'TY'))[0]).toMatchObject({
      title: 'Mayaman',
      content: '<p>Kumusta <i>ka</i></p>',
    });
    // No Vietnamese text: the merchant's default language (EN).
    expect((await inbox(m.token, 'VI'))[0]?.title).toBe('Rich');
  });
});

describe('read state', () => {
  it("reads all at once, and another member's ids change nothing", async () => {
    const a = await member();
    const b = await member();
    for (const n of [1, 2]) {
      const sent = await send(owner, {
        segment: { kind: 'usernames', usernames: [a.username, b.username] },
        texts: texts(`News ${n}`),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const aList = await inbox(a.token);
    expect(aList.map((m) => m.title)).toEqual(['News 2', 'News 1']);
    // b's message ids read by a: b's count does not move. a's own ids are the same broadcasts, read for a only.
    const feedbackOfB = await services.db
      .insertInto('member_messages')
      .values({
        merchant_id: tala.id,
        member_id: b.id,
        kind: 'feedback_answer',
        ref_id: 1,
        title: 'For b',
        content: 'x',
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreign = await player(a.token, 'POST', '/wps/relay/MCSFE_readMessageV2', {
      ids: [Number(feedbackOfB.id)],
    });
    expect(foreign.statusCode).toBe(200);
    expect((await counts(b.token)).message).toBe(3);
    const all = await player(a.token, 'POST', '/wps/relay/MCSFE_readMessageV2', { all: true });
    expect(all.json().value).toEqual({ unread: 0 });
    expect((await inbox(a.token)).every((m) => m.read)).toBe(true);
    expect((await counts(b.token)).message).toBe(3);
    const empty = await player(a.token, 'POST', '/wps/relay/MCSFE_readMessageV2', {});
    expect(empty.statusCode).toBe(400);
  });
});

describe('withdraw, schedule and expiry', () => {
  it('a withdrawn message disappears from the list and the badge; withdrawing twice or from another site is refused', async () => {
    const m = await member();
    const sent = await send(support, { segment: { kind: 'usernames', usernames: [m.username] } });
    const id = sent.json().value.id;
    expect((await counts(m.token)).message).toBe(1);
    const foreign = await admin(owner, 'POST', `/admin-api/merchants/lucky/broadcasts/${id}/withdraw`);
    expect(foreign.json()).toMatchObject({ errorCode: 'broadcast_not_found' });
    const withdrawn = await admin(support, 'POST', `/admin-api/merchants/tala/broadcasts/${id}/withdraw`);
    expect(withdrawn.json().value).toMatchObject({ status: 'withdrawn', recipients: 1 });
    expect(await inbox(m.token)).toEqual([]);
    expect((await counts(m.token)).message).toBe(0);
    const again = await admin(support, 'POST', `/admin-api/merchants/tala/broadcasts/${id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('broadcast_withdrawn');
  });

  it('a scheduled message goes out once when its time comes, to the segment as it is then; expired ones hide', async () => {
    const m = await member({ vipLevel: 9 });
    const at = new Date(Date.now() + 3_600_000);
    const sent = await send(owner, { segment: { kind: 'ranks', ranks: [9] }, scheduledAt: at.toISOString() });
    expect(sent.json().value).toMatchObject({ status: 'scheduled', recipients: 0, sentAt: null });
    const joined = await member({ vipLevel: 9 });
    expect(await inbox(m.token)).toEqual([]);
    expect(await services.support.sendDueBroadcasts(new Date())).toBe(0);
    expect(await services.support.sendDueBroadcasts(new Date(at.getTime() + 1000))).toBe(1);
    expect(await services.support.sendDueBroadcasts(new Date(at.getTime() + 2000))).toBe(0);
    expect((await inbox(m.token)).length).toBe(1);
    expect((await inbox(joined.token)).length).toBe(1);
    const row = await admin(owner, 'GET', `/admin-api/merchants/tala/broadcasts/${sent.json().value.id}`);
    expect(row.json().value).toMatchObject({ status: 'sent', recipients: 2 });
    await sql`UPDATE broadcasts SET expires_at = now() - interval '1 minute' WHERE id = ${sent.json().value.id}`.execute(
      services.db,
    );
    expect(await inbox(m.token)).toEqual([]);
    expect((await counts(m.token)).message).toBe(0);
  });
});

describe('bad input', () => {
  const long = 'x'.repeat(BROADCAST_TITLE_MAX + 1);
  const cases: [string, object, string, string][] = [
    ['empty title', { texts: texts('  ') }, 'broadcast_title_required', 'texts.EN.title'],
    ['long title', { texts: texts(long) }, 'broadcast_title_too_long', 'texts.EN.title'],
    [
      'empty body',
      { texts: { ...texts(), TY: { title: 'T', body: ' ' } } },
      'broadcast_body_required',
      'texts.TY.body',
    ],
    ['long body', { texts: texts('T', 'y'.repeat(5001)) }, 'broadcast_body_too_long', 'texts.EN.body'],
    ['missing language', { texts: { EN: texts().EN } }, 'broadcast_language_missing', 'texts.TY'],
    ['unknown kind', { segment: { kind: 'everyone' } }, 'broadcast_segment_unknown', 'segment.kind'],
    [
      'rank too high',
      { segment: { kind: 'ranks', ranks: [VIP_RANK_MAX + 1] } },
      'broadcast_rank_out_of_range',
      'segment.ranks',
    ],
    [
      'rank negative',
      { segment: { kind: 'ranks', ranks: [-1] } },
      'broadcast_rank_out_of_range',
      'segment.ranks',
    ],
    ['no ranks', { segment: { kind: 'ranks', ranks: [] } }, 'broadcast_rank_out_of_range', 'segment.ranks'],
    [
      'unknown agent',
      { segment: { kind: 'agent_line', agent: 'no-such-agent' } },
      'broadcast_agent_unknown',
      'segment.agent',
    ],
    [
      'no usernames',
      { segment: { kind: 'usernames', usernames: [' '] } },
      'broadcast_usernames_empty',
      'segment.usernames',
    ],
    [
      'too many usernames',
      {
        segment: {
          kind: 'usernames',
          usernames: Array.from({ length: BROADCAST_USERNAMES_MAX + 1 }, (_, i) => `u${i}`),
        },
      },
      'broadcast_usernames_too_many',
      'segment.usernames',
    ],
    [
      'schedule in the past',
      { scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      'broadcast_schedule_past',
      'scheduledAt',
    ],
    [
      'expiry before sending',
      {
        scheduledAt: new Date(Date.now() + 7_200_000).toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      'broadcast_expiry_before_send',
      'expiresAt',
    ],
  ];
  it.each(cases)('%s: its own code, a message naming it, nothing written', async (_, body, code, field) => {
    const before = await broadcastCount();
    const response = await send(owner, { segment: { kind: 'all' }, ...body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: code, field });
    expect(response.json().message.length).toBeGreaterThan(5);
    expect(await broadcastCount()).toBe(before);
  });

  it('refuses an agent of another site, an unknown site, and answers in Tagalog', async () => {
    const foreignAgent = await member({ type: 1, merchant: 'lucky' });
    const refused = await send(owner, { segment: { kind: 'agent_line', agent: foreignAgent.username } });
    expect(refused.json().errorCode).toBe('broadcast_agent_unknown');
    const nowhere = await send(owner, { segment: { kind: 'all' } }, 'nowhere');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().errorCode).toBe('merchant_not_found');
    const ty = await app.inject({
      method: 'POST',
      url: '/admin-api/merchants/tala/broadcasts',
      headers: { authorization: owner, language: 'TY' },
      payload: { segment: { kind: 'ranks', ranks: [99] }, texts: texts() },
    });
    expect(ty.json().message).toBe('Pumili ng VIP rank mula 0 hanggang 10.');
  });
});

describe('system messages', () => {
  it('tells the member of a manual bonus paid, in the language they read it in', async () => {
    const m = await member();
    const granted = await admin(finance, 'POST', '/admin-api/merchants/tala/manual-bonuses', {
      username: m.username,
      amount: 5_000,
      turnoverMultiple: 1,
      title: 'Sorry for the outage',
      reason: 'Live casino was down',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [en] = await inbox(m.token, 'EN');
    expect(en).toMatchObject({ kind: 'bonus', title: 'Bonus received: Sorry for the outage', read: false });
    expect(en?.content).toContain('P50');
    const [ty] = await inbox(m.token, 'TY');
    expect(ty?.title).toBe('Natanggap ang bonus: Sorry for the outage');
    expect((await counts(m.token)).message).toBe(1);
  });
});
