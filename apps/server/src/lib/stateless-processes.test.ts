// Two server processes on one database serve the same merchants (issue 20 item 1, decision 064): a change made
// through one is seen by the other within a second (the change feed's PostgreSQL relay), the rate limits count
// over both (Redis), and live chat works with the member on one and the operator on the other. Process A is this
// test's server; process B is the real server (src/main.ts) in its own process. Changes are made through A's services
// (as its routes would), so each test says which cache it is about.
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postgresChangeRelay } from '../db/change-relay.ts';
import { newMember } from '../modules/members/member-fixtures.ts';
import { type ServerProcess, settle, startServerProcess } from '../testing/server-process.ts';
import { operatorAuth, testApp } from '../testing/test-app.ts';
import { changes } from './change-feed.ts';
import { sharedRateLimits } from './rate-limits.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A GET with its own Host header (fetch sends the address's). */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(body));
    });
    request.on('error', reject);
  });
}

/** Polls `check` every 25 ms until it holds; answers how long that took. */
async function within(ms: number, check: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - start;
}

// biome-ignore lint/suspicious/noExplicitAny: frames are checked by the assertions, not by types
type Frame = Record<string, any> & { type: string };

async function socket(url: string, hello: object) {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify(hello));
  await within(5_000, async () => frames.some((f) => f.type === 'ready'), `ready on ${url}`);
  return { ws, frames };
}

const { app, services } = await testApp({
  rateLimits: (db) => sharedRateLimits({ db, redisUrl }),
});
const operator = { id: 1, name: 'test', ip: '127.0.0.1' };

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one database', () => {
  let second: ServerProcess | undefined;
  let stopRelay: (() => Promise<void>) | undefined;
  let a = '';
  let b = '';

  beforeAll(async () => {
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    stopRelay = changes.connect(await postgresChangeRelay(url.toString(), services.db, changes));
    second = await startServerProcess(
      { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, SEED_DEMO: 'false', ODDS_FEED: 'off' },
      { timeoutMs: 100_000 },
    );
    b = second.url;
    a = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await second?.stop();
    // Before the database goes (test-app.ts closes the app, then drops it): the relay's listening connection.
    await settle('closing the change relay', stopRelay?.());
  });

  it('shows a merchant settings change made through A on B within a second', async () => {
    const brand = async (base: string) =>
      (
        (await (await fetch(`${base}/manifest.webmanifest`, { headers: { merchant: 'tala' } })).json()) as {
          name: string;
        }
      ).name;
    const before = await brand(b);
    const settings = await services.merchants.storedSettings('tala');
    const renamed = `${before} Two`;
    await services.merchants.updateSettings(
      'tala',
      { ...settings, whitelabel: { ...settings.whitelabel, brandName: renamed } },
      operator,
    );
    expect(await brand(a)).toBe(renamed);
    const took = await within(1_000, async () => (await brand(b)) === renamed, 'the new brand name on B');
    expect(took).toBeLessThan(1_000);
  });

  it('serves a merchant domain added through A on B within a second', async () => {
    const host = 'second-process.example';
    const brand = 'Second Process';
    // An unknown host is served as the default merchant: the new merchant's brand says B knows the domain.
    const site = async () =>
      (JSON.parse(await getWithHost(`${b}/manifest.webmanifest`, host)) as { name?: string }).name === brand;
    expect(await site()).toBe(false);
    const settings = await services.merchants.storedSettings('tala');
    await services.merchants.create(
      'twoproc',
      { ...settings, whitelabel: { ...settings.whitelabel, brandName: brand } },
      [host],
    );
    await within(1_000, site, 'the new merchant domain served by B');
  });

  it('hides a product line switched off through A from B’s catalogue within a second', async () => {
    const vendors = async () =>
      (
        (await (
          await fetch(`${b}/wps/relay/GCSGAME_gameVendor`, { headers: { merchant: 'tala' } })
        ).json()) as {
          value: { nodeId: number }[];
        }
      ).value.map((l) => l.nodeId);
    const shown = await vendors();
    const line = shown[0] as number;
    expect(line).toBeGreaterThan(0);
    const switches = { enabled: false, isHot: false, maintenance: false, sortOrder: 0 };
    await services.gamesAdmin.setLine('tala', line, switches, operator);
    await within(1_000, async () => !(await vendors()).includes(line), 'the line gone from B’s catalogue');
    await services.gamesAdmin.setLine('tala', line, { ...switches, enabled: true }, operator);
    await within(1_000, async () => (await vendors()).includes(line), 'the line back in B’s catalogue');
  });

  it('refuses on B a game vendor switched off through A within a second', async () => {
    const vendor = (await services.seamless.credentialsList()).find((c) => c.enabled);
    expect(vendor).toBeDefined();
    const { vendorCode, launchUrl } = vendor as NonNullable<typeof vendor>;
    // An unsigned call: a known vendor's is refused for its signature, a switched-off vendor's as unknown.
    const refusal = async () =>
      (
        (await (
          await fetch(`${b}/vendor-api/${vendorCode}/balance`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ playerId: '1' }),
          })
        ).json()) as { errorCode: string }
      ).errorCode;
    expect(await refusal()).not.toBe('unknown_vendor');
    const values = { launchUrl, rotateSecret: false, freeRoundWins: false };
    await services.seamless.setCredentials(vendorCode, { ...values, enabled: false });
    await within(1_000, async () => (await refusal()) === 'unknown_vendor', 'the vendor refused by B');
    await services.seamless.setCredentials(vendorCode, { ...values, enabled: true });
    await within(1_000, async () => (await refusal()) !== 'unknown_vendor', 'the vendor known again by B');
  });

  it('refuses on B a session logged out through A within a second', async () => {
    const member = await newMember(app, { merchant: 'tala', ip: '10.90.0.2' });
    const info = async () =>
      (await fetch(`${b}/wps/member/info`, { headers: { merchant: 'tala', authorization: member.token } }))
        .status;
    expect(await info()).toBe(200);
    const out = await fetch(`${a}/wps/session/logout`, {
      method: 'DELETE',
      headers: { merchant: 'tala', authorization: member.token },
    });
    expect(out.status).toBe(200);
    await within(1_000, async () => (await info()) === 401, 'the logged-out session refused by B');
  });

  it('counts a rate limit over both processes', async () => {
    // The captcha allows 30 a minute per address: 20 on each process, one address (loopback).
    const ask = (base: string) => fetch(`${base}/wps/captcha`, { headers: { merchant: 'tala' } });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await ask(a)).status, (await ask(b)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('carries live chat between a member on A and an operator on B', async () => {
    const member = await newMember(app, { merchant: 'tala', ip: '10.90.0.3' });
    const supportToken = (await operatorAuth(app, 'support', 'support-demo-1')).slice(7);
    const console = await socket(`${b.replace('http', 'ws')}/admin-api/support/chat`, {
      type: 'hello',
      token: supportToken,
    });
    const visitor = await socket(`${a.replace('http', 'ws')}/wps/support/chat?merchant=tala`, {
      type: 'hello',
      token: member.token,
    });
    try {
      visitor.ws.send(JSON.stringify({ type: 'send', clientId: 'two-processes-1', body: 'Hello from A' }));
      await within(
        2_000,
        async () => console.frames.some((f) => f.type === 'message' && f.message.body === 'Hello from A'),
        `the member's message on the operator's console on B: ${JSON.stringify(console.frames)}`,
      );
      const message = console.frames.find((f) => f.type === 'message' && f.message.body === 'Hello from A');
      const conversationId = message?.message.conversationId as number;
      console.ws.send(JSON.stringify({ type: 'take', conversationId }));
      console.ws.send(
        JSON.stringify({ type: 'send', conversationId, clientId: 'two-processes-2', body: 'Hello from B' }),
      );
      await within(
        2_000,
        async () => visitor.frames.some((f) => f.type === 'message' && f.message.body === 'Hello from B'),
        `the operator's answer on the member's socket on A: ${JSON.stringify(visitor.frames)}`,
      );
    } finally {
      visitor.ws.close();
      console.ws.close();
    }
  });
});
