// Issue 12's team-report budget: "A bench generator builds a tree of 100,000 members over 6 levels with 10 million
// bets. The top agent's team overview for a month must answer at p95 within 2× the p95 of the same report for an agent
// with 100 members, in the same run (the cost of a report must not grow with the size of the team: keep rollups)."
// `npx tsx scripts/bench.ts agents-report`; AGENTS_BENCH_SCALE (default 1) scales the members and bets down while
// developing (0.01: 1,000 members and 100,000 bets), AGENTS_BENCH_SAMPLES the samples per agent (default 200).
//
// The generator writes straight into the tables the real code reads, with generate_series: members (the tree's
// insert trigger off, the closure rows of member_tree written level by level as it would write them), and slots
// rounds spread evenly over this month up to now in the merchant's calendar (the same bet density for both agents'
// members). Then the rollup job (decision 068) rolls every day of the month up, and the overview (the service call
// behind GET /wps/agent/overview?range=thisMonth) is timed for the top agent and for the 100-member agent in turns.
import os from 'node:os';
import { dayOf, dayStart } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { SignedInMember } from '../apps/server/src/modules/members/members.service.ts';
import { createServices } from '../apps/server/src/services.ts';
import { type Bench, scratchDatabase } from './bench-kit.ts';

const SCALE = Number(process.env.AGENTS_BENCH_SCALE ?? 1);
const SAMPLES = Number(process.env.AGENTS_BENCH_SAMPLES ?? 200);
const MEMBERS = Math.round(100_000 * SCALE);
const BETS = Math.round(10_000_000 * SCALE);
const SMALL_TEAM = 100;
/** Agents at each of the first five levels below the top agent: each has five below it; the sixth level is players. */
const AGENT_LEVELS = [5, 25, 125, 625, 3125].map((n) => Math.max(1, Math.round(n * Math.min(1, SCALE * 4))));
const TIME_ZONE = 'Asia/Manila';

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] as number;
};
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_agents');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 8 });
  try {
    await migrate(handle.db);
    const db = handle.db;
    const { rows: made } = await sql<{ id: number }>`
      INSERT INTO merchants (code, settings)
      VALUES ('bench', ${JSON.stringify({ whitelabel: { timeZone: TIME_ZONE, currency: 'PHP', supportedLanguages: ['EN'] } })}::jsonb)
      RETURNING id`.execute(db);
    const merchantId = made[0]?.id as number;
    const services = createServices(db);
    const merchant = await services.merchants.byCode('bench');
    const now = new Date();
    const today = dayOf(now, TIME_ZONE);
    const monthStart = dayStart(`${today.slice(0, 8)}01`, TIME_ZONE);
    const registered = new Date(monthStart.getTime() - 86_400_000);

    // ---------------------------------------------------------------- the generator
    const generating = performance.now();
    await sql`ALTER TABLE members DISABLE TRIGGER member_tree_on_insert`.execute(db);
    /** Members of one level, each under the parent of its position among the level above (round robin). */
    const level = async (name: string, count: number, type: number, parents: string | null) => {
      if (parents === null) {
        await sql`
          INSERT INTO members (merchant_id, username, type, created_at)
          SELECT ${merchantId}::integer, ${name} || '_' || g, ${type}::integer, ${registered}::timestamptz FROM generate_series(1, ${count}::integer) g`.execute(
          db,
        );
      } else {
        await sql`
          WITH parents AS (
            SELECT id, row_number() OVER (ORDER BY id) AS n FROM members
             WHERE merchant_id = ${merchantId} AND username LIKE ${`${parents}\\_%`}),
          k AS (SELECT count(*) AS k FROM parents)
          INSERT INTO members (merchant_id, username, type, upline_id, created_at)
          SELECT ${merchantId}::integer, ${name} || '_' || g, ${type}::integer, p.id, ${registered}::timestamptz
            FROM generate_series(1, ${count}::integer) g CROSS JOIN k JOIN parents p ON p.n = 1 + (g - 1) % k.k`.execute(
          db,
        );
      }
      // The closure rows the tree's trigger writes: the member itself, and each of its parent's uplines one deeper.
      await sql`
        INSERT INTO member_tree (merchant_id, ancestor_id, descendant_id, depth, valid_from)
        SELECT ${merchantId}::integer, m.id, m.id, 0, m.created_at FROM members m
         WHERE m.merchant_id = ${merchantId} AND m.username LIKE ${`${name}\\_%`}
        UNION ALL
        SELECT ${merchantId}::integer, t.ancestor_id, m.id, t.depth + 1, m.created_at FROM members m
          JOIN member_tree t ON t.descendant_id = m.upline_id AND t.valid_to IS NULL
         WHERE m.merchant_id = ${merchantId} AND m.username LIKE ${`${name}\\_%`}`.execute(db);
    };
    await level('top', 1, 1, null);
    let above = 'top';
    for (const [i, n] of AGENT_LEVELS.entries()) {
      await level(`a${i + 1}`, n, 1, above);
      above = `a${i + 1}`;
    }
    const agentsBelow = AGENT_LEVELS.reduce((s, n) => s + n, 0);
    await level('player', MEMBERS - agentsBelow, 0, above);
    await level('small', 1, 1, null);
    await level('smallplayer', SMALL_TEAM, 0, 'small');
    await sql`ALTER TABLE members ENABLE TRIGGER member_tree_on_insert`.execute(db);
    await sql`ANALYZE members`.execute(db);
    await sql`ANALYZE member_tree`.execute(db);

    // Bets: slots rounds of every member below the two agents, evenly over the month so far, one seed pair each.
    await sql`
      INSERT INTO slots_seed_pairs (merchant_id, member_id, server_seed, server_seed_hash, client_seed, created_at)
      SELECT ${merchantId}::integer, m.id, repeat('a', 64), repeat('b', 64), 'bench', ${registered}::timestamptz
        FROM members m WHERE m.merchant_id = ${merchantId} AND m.upline_id IS NOT NULL`.execute(db);
    // The generator's own shortcut: no foreign-key checks row by row (the rows are made consistent), and only the
    // indexes the reports read (by merchant and time): the per-member ones and the unique keys of a spin's retry are
    // dropped in this scratch database.
    await sql`ALTER TABLE slots_rounds DISABLE TRIGGER ALL`.execute(db);
    await sql`ALTER TABLE slots_rounds DROP CONSTRAINT slots_rounds_seed_pair_id_nonce_key,
                DROP CONSTRAINT slots_rounds_member_id_request_id_key`.execute(db);
    await sql`DROP INDEX slots_rounds_member, slots_rounds_member_game`.execute(db);
    await sql`CREATE TABLE bettors AS
      SELECT row_number() OVER (ORDER BY s.member_id) AS n, s.member_id, s.id AS pair
        FROM slots_seed_pairs s WHERE s.merchant_id = ${merchantId}`.execute(db);
    const { rows: counted } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bettors`.execute(db);
    const bettors = Number(counted[0]?.n);
    const bets = BETS + Math.round((BETS / MEMBERS) * SMALL_TEAM);
    const span = now.getTime() - monthStart.getTime();
    const chunk = 1_000_000;
    for (let first = 1; first <= bets; first += chunk) {
      await sql`
        INSERT INTO slots_rounds (merchant_id, member_id, seed_pair_id, nonce, client_seed, game_code, title_version,
                                  request_id, bet, win, outcome, balance_after, bet_entry_id, created_at)
        SELECT ${merchantId}::integer, b.member_id, b.pair, 1 + (g - 1) / ${bettors}::integer, 'bench', 'TALA-RNG-0001', 1,
               'bench-' || lpad(g::text, 8, '0'), 100 * (1 + g % 5), CASE WHEN g % 3 = 0 THEN 250 * (1 + g % 5) ELSE 0 END, '{}', 0, 0,
               ${monthStart}::timestamptz + (g::float8 / ${bets + 1}::float8) * ${span}::float8 * interval '1 millisecond'
          FROM generate_series(${first}::integer, ${Math.min(bets, first + chunk - 1)}::integer) g
          JOIN bettors b ON b.n = 1 + (g - 1) % ${bettors}::integer`.execute(db);
    }
    await sql`ALTER TABLE slots_rounds ENABLE TRIGGER ALL`.execute(db);
    await sql`DROP TABLE bettors`.execute(db);
    await sql`ANALYZE slots_rounds`.execute(db);
    const generatedMs = performance.now() - generating;

    // ---------------------------------------------------------------- the rollup job
    const rolling = performance.now();
    const days = Number(today.slice(8, 10));
    await services.agents.rollTeams({ newest: 0, oldest: days - 1 }, now);
    const rolledMs = performance.now() - rolling;
    const minuteRun = performance.now();
    await services.agents.rollTeams({ newest: 0, oldest: 1 }, now);
    const minuteRunMs = performance.now() - minuteRun;

    // ---------------------------------------------------------------- the overview, both agents in turns
    const signedIn = async (username: string) => {
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM members WHERE merchant_id = ${merchantId} AND username = ${username}`.execute(db);
      return (await services.members.byId(rows[0]?.id as number)) as SignedInMember;
    };
    const top = await signedIn('top_1');
    const small = await signedIn('small_1');
    const query = { range: 'thisMonth' as const };
    const ofTop = await services.agents.overview(merchant, top, query);
    const ofSmall = await services.agents.overview(merchant, small, query);
    // The rollups hold what the raw rows say (the bets generated, the team sizes).
    const { rows: raw } = await sql<{ top: number; small: number }>`
      SELECT sum(bet) FILTER (WHERE m.username NOT LIKE 'small%')::bigint AS top,
             sum(bet) FILTER (WHERE m.username LIKE 'small%')::bigint AS small
        FROM slots_rounds r JOIN members m ON m.id = r.member_id WHERE r.merchant_id = ${merchantId}`.execute(
      db,
    );
    const consistent =
      ofTop.validBet === Number(raw[0]?.top) &&
      ofSmall.validBet === Number(raw[0]?.small) &&
      ofTop.teamSize === MEMBERS &&
      ofSmall.teamSize === SMALL_TEAM;
    for (let i = 0; i < 10; i++) {
      await services.agents.overview(merchant, top, query);
      await services.agents.overview(merchant, small, query);
    }
    const times = { top: [] as number[], small: [] as number[] };
    const loadBefore = os.loadavg()[0] ?? 0;
    for (let i = 0; i < SAMPLES; i++) {
      for (const [which, agent] of (i % 2 === 0
        ? [
            ['top', top],
            ['small', small],
          ]
        : [
            ['small', small],
            ['top', top],
          ]) as ['top' | 'small', SignedInMember][]) {
        const started = performance.now();
        await services.agents.overview(merchant, agent, query);
        times[which].push(performance.now() - started);
      }
    }
    const topP95 = p95(times.top);
    const smallP95 = p95(times.small);
    const ratio = topP95 / smallP95;
    const table = [
      '| Report (this month, service call) | Team | Samples | p50 | p95 |',
      '|---|---|---|---|---|',
      `| Top agent | ${ofTop.teamSize.toLocaleString('en')} members, ${ofTop.activeMembers.toLocaleString('en')} active | ${SAMPLES} | ${p50(times.top).toFixed(2)} ms | ${topP95.toFixed(2)} ms |`,
      `| 100-member agent | ${ofSmall.teamSize} members, ${ofSmall.activeMembers} active | ${SAMPLES} | ${p50(times.small).toFixed(2)} ms | ${smallP95.toFixed(2)} ms |`,
      '',
      '| Budget | Measured | Goal | Met |',
      '|---|---|---|---|',
      `| Top agent's team overview for a month p95 ≤ 2× the 100-member agent's p95 | ${ratio.toFixed(2)}× | ≤ 2× | ${ratio <= 2 ? 'yes' : 'no'} |`,
      '',
      '| Step | Time |',
      '|---|---|',
      `| Generator: ${(MEMBERS + SMALL_TEAM + 2).toLocaleString('en')} members over 6 levels with their closure rows, ${bets.toLocaleString('en')} slots rounds | ${seconds(generatedMs)} |`,
      `| Rollup job, first run over the ${days} days of the month | ${seconds(rolledMs)} |`,
      `| Rollup job, the every-minute run (today and yesterday) | ${seconds(minuteRunMs)} |`,
    ];
    return {
      title: "Agent centre: the team overview's cost at 100,000 members",
      markdown: `Command: \`npx tsx scripts/bench.ts agents-report\`${SCALE === 1 ? '' : ` (AGENTS_BENCH_SCALE=${SCALE})`}. A scratch database (real PostgreSQL); the generator writes straight into the tables the code reads: a top agent with ${MEMBERS.toLocaleString('en')} members below it over 6 levels (${AGENT_LEVELS.join(', ')} agents on the first five, players on the sixth) and an agent with ${SMALL_TEAM} players, the tree's closure rows as its trigger writes them, and ${bets.toLocaleString('en')} slots rounds spread evenly over this month so far (${today.slice(0, 7)}, ${TIME_ZONE}), the same number per member for both teams. The rollup job (decision 068) then rolls the month's days up, and the overview (\`agents.overview\`, the service call behind \`GET /wps/agent/overview?range=thisMonth\`) is timed ${SAMPLES} times per agent in alternating order after 10 unmeasured calls each. The overviews ${consistent ? 'agree' : 'do NOT agree'} with the raw rows (valid bet of both teams, team sizes). Machine load average ${loadBefore.toFixed(1)} at the start of the samples and ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, on ${os.cpus().length} cores shared with other work.\n\n${table.join('\n')}\n\nThe overview reads one row of team sizes, at most one rollup row per day of its range, and one counter of active members for a whole day, week or month (so far): none of it grows with the team. Custom ranges that are not a whole day, week or month, and the last-7 and last-30 presets, count active members from the members' active days instead, a cost that grows with the team (decision 068).\n`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
