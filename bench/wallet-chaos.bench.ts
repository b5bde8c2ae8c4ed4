// One million seamless-wallet operations (issue 20) with injected duplicates, changed replays, early rollbacks and
// late wins, on a scratch database of the real PostgreSQL server: zero conservation violations. `npm run bench --
// wallet-chaos` (WALLET_CHAOS_OPS to change the count). The operations go to the seamless service in this process,
// many members at once; each member's operations are in one worker, in order, so a model of what each answer must
// be is exact, and every answer is checked against it.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createServices } from '../apps/server/src/services.ts';
import { type Bench, scratchDatabase } from './bench-kit.ts';

const OPS = Number(process.env.WALLET_CHAOS_OPS ?? 1_000_000);
const MEMBERS = 128;
const WORKERS = 32;
const VENDOR = 'MABUHAY';
const FUNDS = 1_000_000_000_000;

type Round = {
  roundId: string;
  bet: string;
  amount: number;
  state: 'open' | 'won' | 'rolledBack' | 'refused';
};
type Answer = { balance: number; replayed?: boolean } | { error: string };
type Sent = { kind: 'bet' | 'win' | 'rollback'; body: Record<string, string | number>; answer: Answer };

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_wchaos');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: WORKERS });
  try {
    await migrate(handle.db);
    const services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    await services.seamless.ensureSimulatedCredentials([VENDOR]);
    await services.seamless.setCredentials(VENDOR, {
      enabled: true,
      launchUrl: 'http://vendor.bench',
      rotateSecret: false,
      freeRoundWins: false,
    });
    const game = (
      await sql<{ node_id: number; game_code: string }>`
        SELECT g.node_id, g.game_code FROM games g JOIN game_vendor_lines l ON l.node_id = g.line_node_id
         WHERE l.vassalage = ${`${VENDOR}_RNG`} ORDER BY g.node_id LIMIT 1`.execute(handle.db)
    ).rows[0];
    if (!game) throw new Error('no vendor game');
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const members: { id: number; account: number; token: string; balance: number; rounds: Round[] }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const username = `wchaos${i}`;
      const id = await services.members.create(tala, { username, password: 'bench-pass-1' });
      const account = await services.wallet.memberAccount(tala.id, id);
      await services.wallet.transfer(handle.db, {
        merchantId: tala.id,
        idempotencyKey: `wchaos-funds-${id}`,
        type: 'deposit',
        from: clearing,
        to: account,
        amount: FUNDS,
        actor: { type: 'system' },
      });
      const launched = await services.seamless.launch(
        tala,
        { id, type: 0, username, nickname: null },
        { nodeId: game.node_id, mode: 'real' },
      );
      const token = new URL(launched.url).searchParams.get('token') as string;
      members.push({ id, account, token, balance: FUNDS, rounds: [] });
    }

    const violations: string[] = [];
    const tally = new Map<string, number>();
    const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
    const answer = async (kind: Sent['kind'], body: Record<string, string | number>): Promise<Answer> => {
      try {
        const value =
          kind === 'bet'
            ? await services.seamless.bet(VENDOR, body as never)
            : kind === 'win'
              ? await services.seamless.win(VENDOR, body as never)
              : await services.seamless.rollback(VENDOR, body as never);
        return { balance: Number(value.balance), replayed: value.replayed };
      } catch (error) {
        return { error: (error as { code?: string }).code ?? String(error) };
      }
    };
    const expectAnswer = (what: string, got: Answer, want: { balance: number } | { error: string }) => {
      count(what);
      const ok =
        'error' in want
          ? 'error' in got && got.error === want.error
          : 'balance' in got && got.balance === want.balance;
      if (!ok && violations.length < 20)
        violations.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    };

    let done = 0;
    const started = performance.now();
    const worker = async (w: number) => {
      const mine = members.filter((_, i) => i % WORKERS === w);
      const history: Sent[] = [];
      while (done < OPS) {
        const m = mine[Math.floor(Math.random() * mine.length)] as (typeof mine)[number];
        const playerId = String(m.id);
        const open = m.rounds.filter((r) => r.state === 'open');
        const roll = Math.random();
        done++;
        if (roll < 0.1 && history.length > 0) {
          // A duplicate: the very same call again answers what it answered first, and moves nothing.
          const first = history[Math.floor(Math.random() * history.length)] as Sent;
          const again = await answer(first.kind, first.body);
          expectAnswer(
            `duplicate ${first.kind}`,
            again,
            'error' in first.answer ? first.answer : { balance: first.answer.balance },
          );
          continue;
        }
        if (roll < 0.15 && history.length > 0) {
          // A changed replay: a used transaction id with another amount or round is refused, and moves nothing.
          const first = history.find((h) => h.kind !== 'rollback' && !('error' in h.answer)) ?? history[0];
          if (first && first.kind !== 'rollback' && !('error' in first.answer)) {
            const changed = { ...first.body, amount: Number(first.body.amount) + 1 };
            expectAnswer('changed replay', await answer(first.kind, changed), {
              error: 'duplicate_transaction',
            });
            continue;
          }
        }
        if (roll < 0.2) {
          // An early rollback: the refund arrives before its bet; the bet, arriving late, is refused.
          const roundId = crypto.randomUUID();
          const bet = `b-${roundId}`;
          const rollback = { playerId, transactionId: `r-${roundId}`, betTransactionId: bet, roundId };
          const got = await answer('rollback', rollback);
          expectAnswer('early rollback', got, { balance: m.balance });
          history.push({ kind: 'rollback', body: rollback, answer: got });
          const late = {
            token: m.token,
            playerId,
            transactionId: bet,
            roundId,
            gameCode: game.game_code,
            amount: 100,
          };
          const lateGot = await answer('bet', late);
          expectAnswer('bet after its rollback', lateGot, { error: 'transaction_rolled_back' });
          m.rounds.push({ roundId, bet, amount: 100, state: 'refused' });
          continue;
        }
        if (roll < 0.3 && open.length > 0) {
          // A rollback of a bet taken: refunded once.
          const r = open[0] as Round;
          const body = {
            playerId,
            transactionId: `r-${r.roundId}`,
            betTransactionId: r.bet,
            roundId: r.roundId,
          };
          m.balance += r.amount;
          r.state = 'rolledBack';
          const got = await answer('rollback', body);
          expectAnswer('rollback', got, { balance: m.balance });
          history.push({ kind: 'rollback', body, answer: got });
          continue;
        }
        if (roll < 0.35) {
          // A late win: the round's bet was rolled back, so the win finds no bet and moves nothing.
          const r = m.rounds.find((x) => x.state === 'rolledBack');
          if (r) {
            const body = {
              playerId,
              transactionId: `w-${r.roundId}-late`,
              roundId: r.roundId,
              gameCode: game.game_code,
              amount: 500,
            };
            const got = await answer('win', body);
            expectAnswer('win after rollback', got, { error: 'bet_not_found' });
            history.push({ kind: 'win', body, answer: got });
            continue;
          }
        }
        if (roll < 0.65 && open.length > 0) {
          // A win (of any amount, nothing too).
          const r = open[open.length - 1] as Round;
          const amount = Math.floor(Math.random() * 3) * r.amount;
          const body = {
            playerId,
            transactionId: `w-${r.roundId}`,
            roundId: r.roundId,
            gameCode: game.game_code,
            amount,
          };
          m.balance += amount;
          r.state = 'won';
          const got = await answer('win', body);
          expectAnswer('win', got, { balance: m.balance });
          history.push({ kind: 'win', body, answer: got });
          continue;
        }
        const roundId = crypto.randomUUID();
        const amount = 100 * (1 + Math.floor(Math.random() * 10));
        const body = {
          token: m.token,
          playerId,
          transactionId: `b-${roundId}`,
          roundId,
          gameCode: game.game_code,
          amount,
        };
        m.balance -= amount;
        m.rounds.push({ roundId, bet: body.transactionId, amount, state: 'open' });
        const got = await answer('bet', body);
        expectAnswer('bet', got, { balance: m.balance });
        history.push({ kind: 'bet', body, answer: got });
        // Keep memory flat: old rounds and calls are forgotten (their ids stay used in the database).
        if (history.length > 400) history.splice(0, 200);
        if (m.rounds.length > 40) m.rounds.splice(0, 20);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const seconds = (performance.now() - started) / 1000;

    // Conservation: each member's balance is what the model says; the ledger reconciles (every entry sums to zero,
    // every balance row is its postings' sum, nothing below zero, everything sums to zero); no transaction twice.
    for (const m of members) {
      const balance = await services.wallet.balance(m.account);
      if (balance !== m.balance) violations.push(`member ${m.id}: balance ${balance}, model ${m.balance}`);
    }
    const reconciliation = await services.wallet.reconcile(null);
    if (!reconciliation.ok)
      violations.push(
        `reconciliation: ${reconciliation.unbalancedEntries.length} unbalanced entries, ${reconciliation.projectionMismatches.length} projection mismatches, ${reconciliation.negativeMemberBalances.length} negative balances, totals ${reconciliation.currencies.map((c) => `${c.total} ${c.currency}`).join(', ')}`,
      );
    const doubled = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (SELECT idempotency_key FROM ledger_entries GROUP BY 1 HAVING count(*) > 1) d`.execute(
      handle.db,
    );
    if ((doubled.rows[0]?.n ?? 0) > 0) violations.push(`${doubled.rows[0]?.n} idempotency keys twice`);
    const rows = [...tally].sort((a, b) => b[1] - a[1]);
    return {
      title: 'Wallet under a million operations',
      markdown: [
        `Command: \`npm run bench -- wallet-chaos\` (\`WALLET_CHAOS_OPS\`, default 1,000,000). ${done.toLocaleString('en')} seamless-wallet operations on the service (no HTTP), ${WORKERS} at once over ${MEMBERS} members, on a scratch database of the real PostgreSQL server, in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)} operations/s). Every answer is checked against a model of what it must be (each member's operations run in order in one worker), then every member's balance against the model, the ledger's reconciliation and the uniqueness of its idempotency keys.`,
        '',
        `**Conservation violations: ${violations.length}**${violations.length ? `\n\n${violations.map((v) => `- ${v}`).join('\n')}` : ''}`,
        '',
        '| Operation | Count |',
        '|---|---|',
        ...rows.map(([what, n]) => `| ${what} | ${n.toLocaleString('en')} |`),
      ].join('\n'),
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
