import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { currentCode } from '../apps/server/src/modules/totp/totp.service.ts';
import { type Bench, load, median, scratchDatabase, startServer } from './bench-kit.ts';

/**
 * The counts endpoint (the avatar's unclaimed count, the member centre's badges: issue 13 item 7) for a member with a
 * credited deposit, a claimable promotion and one claimed bonus, against `/wps/system/ping`, on PostgreSQL.
 */
export default (async ({ postgresUrl }) => {
  const database = await scratchDatabase(postgresUrl, 'bench_promotions');
  const server = await startServer({ DATABASE_URL: database.url });
  const hello: number[] = [];
  const counts: number[] = [];
  const signedIn: number[] = [];
  try {
    const base = server.baseUrl;
    const call = async (path: string, init: RequestInit = {}) => {
      const body = (await (await fetch(`${base}${path}`, init)).json()) as { success: boolean; value: never };
      if (!body.success) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return body.value as Record<string, unknown> & { token: string; id: number };
    };
    const challenge = (await call('/wps/system/challenge')) as never;
    const solution = await solveChallenge({ challenge, deriveKey });
    const member = await call('/wps/member/register', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `bench${Date.now() % 1_000_000}`,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        confirmAge: true,
        acceptPrivacy: true,
        challenge: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      }),
    });
    const form = new FormData();
    form.set('amount', '50000');
    form.set('bankAccountId', 'bdo-main');
    form.set('payerName', 'Bench Member');
    form.set('reference', 'BENCH-0001');
    const deposit = await call('/wps/relay/PAY_depositBank', {
      method: 'POST',
      headers: { authorization: member.token },
      body: form,
    });
    const owner = await call('/admin-api/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'owner',
        password: 'owner-demo-1',
        code: currentCode('TALADEMOOWNERKEYTALADEMOOWNERKEY'),
      }),
    });
    await call(`/admin-api/payments/deposits/${deposit.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const headers = { authorization: member.token };
    const answer = await call('/wps/member/counts', { headers });
    // The demo's welcome bonus and its weekly lucky draw both wait for a member with a P500 deposit.
    if ((answer.promotion as number) < 1)
      throw new Error(`expected a claimable promotion: ${JSON.stringify(answer)}`);
    for (let run = 0; run < 3; run++) {
      hello.push((await load({ url: `${base}/wps/system/ping`, connections: 16, seconds: 4 })).rps);
      counts.push(
        (await load({ url: `${base}/wps/member/counts`, connections: 16, seconds: 4, headers })).rps,
      );
      signedIn.push(
        (await load({ url: `${base}/wps/member/info/icon`, connections: 16, seconds: 4, headers })).rps,
      );
    }
  } finally {
    await server.stop();
    await database.drop();
  }
  const ratio = median(counts) / median(hello);
  const rows = [
    '| Figure | Measured (median of 3) | Budget | Met |',
    '|---|---|---|---|',
    `| \`/wps/member/info/icon\` (the cheapest call behind the member guard: the session check and nothing else) vs \`/wps/system/ping\` | ${median(signedIn).toFixed(0)} vs ${median(hello).toFixed(0)} req/s = ${(median(signedIn) / median(hello)).toFixed(2)}× | (reference) | |`,
    `| \`/wps/member/counts\` (a member with a deposit and a claimable promotion) vs \`/wps/system/ping\`, 16 connections, PostgreSQL | ${median(counts).toFixed(0)} vs ${median(hello).toFixed(0)} req/s = ${ratio.toFixed(2)}× | ≥ 0.5× | ${ratio >= 0.5 ? 'yes' : 'no'} |`,
  ];
  return {
    title: 'Promotions: the counts endpoint',
    markdown:
      `Command: \`npm run bench -- promotions\`.\n\n${rows.join('\n')}\n\n` +
      "The counts call checks the session and answers the member's unread messages, claimable promotions and " +
      'missions. Both are kept in process memory (docs/decisions/040-session-and-counts-cache.md): the live session ' +
      'for 5 s, dropped at once when it ends or its member changes; the counts between the events that change them ' +
      '(a deposit credited, a claim, a message sent or read, a bet, a promotion, mission or broadcast edited) and the ' +
      'next time boundary (a promotion or mission starting or ending, a broadcast expiring, midnight). In this run ' +
      'the member asks again and again with nothing changing, so both come from memory: the figure is the cost of a ' +
      'guarded route that reads nothing from PostgreSQL. A count computed afresh (after an event) costs what it did ' +
      'before (about 0.05× ping).\n',
  };
}) satisfies Bench;
