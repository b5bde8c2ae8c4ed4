import { spawnSync } from 'node:child_process';
import type { Bench } from './bench-kit.ts';

/**
 * The API fuzz test (apps/server/src/http/api-fuzz.test.ts) at length: the default test run walks every operation
 * with a few malformed requests per role; this runs it with FUZZ_RUNS (default 50) times the random calls, on the
 * real PostgreSQL server. Passing means no request got a 5xx.
 */
export default (async ({ postgresUrl, root }) => {
  const runs = Number(process.env.FUZZ_RUNS ?? 50);
  const started = performance.now();
  const result = spawnSync('npx', ['vitest', 'run', 'apps/server/src/http/api-fuzz.test.ts'], {
    cwd: root,
    env: { ...process.env, FUZZ_RUNS: String(runs), DATABASE_URL: postgresUrl },
    encoding: 'utf8',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const passed = result.status === 0;
  if (!passed) console.log(result.stdout.slice(-4000), result.stderr.slice(-2000));
  return {
    title: 'API fuzz (long run)',
    markdown: [
      `\`FUZZ_RUNS=${runs} npx vitest run apps/server/src/http/api-fuzz.test.ts\` on the real PostgreSQL server:`,
      'every operation of `/api-docs/json` as guest, member and operator, one request per text field with a NUL in',
      `it, then ${2 * runs} random malformed requests per operation and role (bodies, queries, path parameters, headers).`,
      '',
      `| Runs | Result | Seconds |`,
      '|---|---|---|',
      `| ${runs} | ${passed ? 'no 5xx' : '**5xx found** (see the bench output)'} | ${seconds} |`,
    ].join('\n'),
  };
}) satisfies Bench;
