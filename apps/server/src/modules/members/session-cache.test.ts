// The member guard's session cache (docs/decisions/040-session-and-counts-cache.md): every way this process ends a
// session or changes its member is seen by the very next request, a change it cannot see (made in the database by
// hand, or by another process without the relay) within the cache's time to live, activity is still written, and
// the change feed's second telling after a commit.
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changes } from '../../lib/change-feed.ts';
import { hashToken } from '../../lib/tokens.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { newMember, tokenOf, withSettings } from './member-fixtures.ts';
import { SESSION_CACHE_MS } from './session-cache.ts';

const { app, services, database } = await testApp();
const db = database.db;
const support = await operatorAuth(app, 'support', 'support-demo-1');

const info = (token: string) => app.inject({ url: '/wps/member/info', headers: { authorization: token } });
const statusOf = async (token: string) => (await info(token)).statusCode;
const errorOf = async (token: string) => (await info(token)).json().errorCode as string | undefined;
async function idOf(username: string) {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}
/** Asks twice, so the session is surely in the cache before the change under test. */
async function warm(token: string) {
  expect(await statusOf(token)).toBe(200);
  expect(await statusOf(token)).toBe(200);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the session cache drops a session at once', () => {
  it('on logout', async () => {
    const { token } = await newMember(app, { ip: '10.55.0.1' });
    await warm(token);
    const out = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: token },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await errorOf(token)).toBe('not_logged_in');
  });

  it('when a newer login replaces it (one session per member)', async () => {
    const { username, password, token } = await newMember(app, { ip: '10.55.0.2' });
    await warm(token);
    const newer = await tokenOf(app, username, password, { ip: '10.55.0.2' });
    expect(await errorOf(token)).toBe('login.not.session');
    expect(await statusOf(newer)).toBe(200);
  });

  it('on a password change: the other sessions end, the one that changed it goes on', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        (s as { members: { singleSession: boolean } }).members.singleSession = false;
      },
      async () => {
        const { username, password, token } = await newMember(app, { ip: '10.55.0.3' });
        const second = await tokenOf(app, username, password, { ip: '10.55.0.3' });
        await warm(token);
        await warm(second);
        const changed = await app.inject({
          method: 'POST',
          url: '/wps/member/password',
          headers: { authorization: second },
          payload: { oldPassword: password, newPassword: 'changed123', confirmNewPassword: 'changed123' },
        });
        expect(changed.json(), changed.body).toEqual({ success: true, value: null });
        expect(await errorOf(token)).toBe('not_logged_in');
        expect(await statusOf(second)).toBe(200);
      },
    );
  });

  it('when an operator locks (freezes) the account, and it stays out after the unlock', async () => {
    const { username, token } = await newMember(app, { ip: '10.55.0.4' });
    const id = await idOf(username);
    await warm(token);
    const locked = await app.inject({
      method: 'POST',
      url: `/admin-api/members/${id}/lock`,
      headers: { authorization: support },
      payload: { reason: 'Chargeback under review' },
    });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(await errorOf(token)).toBe('not_logged_in');
    await app.inject({
      method: 'POST',
      url: `/admin-api/members/${id}/unlock`,
      headers: { authorization: support },
    });
    expect(await errorOf(token)).toBe('not_logged_in');
  });

  it('when an operator forces a password reset (kicks the member out)', async () => {
    const { username, token } = await newMember(app, { ip: '10.55.0.5' });
    const id = await idOf(username);
    await warm(token);
    const reset = await app.inject({
      method: 'POST',
      url: `/admin-api/members/${id}/password-reset`,
      headers: { authorization: support },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await errorOf(token)).toBe('not_logged_in');
  });

  it('shows a change of the member row at once (the guard hands the row to routes)', async () => {
    const { token } = await newMember(app, { ip: '10.55.0.6' });
    const icon = () => app.inject({ url: '/wps/member/info/icon', headers: { authorization: token } });
    const before = (await icon()).json().value.icon as number;
    const next = before === 1 ? 2 : 1;
    const set = await app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: { authorization: token },
      payload: { icon: next },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await icon()).json().value.icon).toBe(next);
  });
});

describe('what the cache cannot see, and activity', () => {
  it('sees a session ended behind its back (by hand, or another process without the relay) once its time is up', async () => {
    const { token } = await newMember(app, { ip: '10.55.0.7' });
    await warm(token);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    await db
      .updateTable('member_sessions')
      .set({ revoked_at: new Date(), revoked_reason: 'logout' })
      .where('token_hash', '=', hashToken(token))
      .execute();
    // Within the time to live the copy still answers: the bound the decision states.
    expect(await statusOf(token)).toBe(200);
    vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 1);
    expect(await errorOf(token)).toBe('not_logged_in');
  });

  it('still writes the last activity (once per ten seconds) and ends an idle session', async () => {
    const { token } = await newMember(app, { ip: '10.55.0.8' });
    await warm(token);
    const seen = async () =>
      (
        await db
          .selectFrom('member_sessions')
          .select('last_seen_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const first = await seen();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    vi.setSystemTime(Date.now() + 11_000);
    expect(await statusOf(token)).toBe(200);
    const second = await seen();
    expect(second).toBeGreaterThan(first + 10_000);
    // Many requests while the copy is cached write it once more at most.
    for (let i = 0; i < 5; i++) expect(await statusOf(token)).toBe(200);
    expect(await seen()).toBe(second);
    // Idle past the merchant's minutes (15 in the demo): ended, cached or not.
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect(await errorOf(token)).toBe('not_logged_in');
    const row = await db
      .selectFrom('member_sessions')
      .select('revoked_reason')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_reason).toBe('idle');
  });

  it('never lets a wrong or foreign token in', async () => {
    const { token } = await newMember(app, { ip: '10.55.0.9' });
    await warm(token);
    expect(await errorOf(`${token}x`)).toBe('not_logged_in');
    const foreign = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: token, merchant: 'lucky' },
    });
    expect(foreign.json().errorCode).toBe('not_logged_in');
  });
});

describe('the change feed', () => {
  it('tells a change in a transaction at once and again once it has committed (or rolled back)', async () => {
    const seen: string[] = [];
    const stop = changes.subscribe((c) => {
      if (c.on === 'merchant' && c.merchantId === -7) seen.push('told');
    });
    try {
      await db.transaction().execute(async (trx) => {
        changes.publish(trx, { on: 'merchant', merchantId: -7 });
        expect(seen).toEqual(['told']);
        await sql`SELECT 1`.execute(trx);
        expect(seen).toEqual(['told']);
      });
      expect(seen).toEqual(['told', 'told']);
      await expect(
        db.transaction().execute(async (trx) => {
          // A repository's typed view of the transaction finds the same hooks.
          const view = trx.withTables<{ x: { y: number } }>() as unknown as typeof trx;
          changes.publish(view, { on: 'merchant', merchantId: -7 });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(seen).toEqual(['told', 'told', 'told', 'told']);
      changes.publish(db, { on: 'merchant', merchantId: -7 });
      expect(seen).toHaveLength(5);
    } finally {
      stop();
    }
  });
});
