import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { type Bench, median, startServer } from './bench-kit.ts';

/**
 * Lighthouse 12 (mobile: a mid-range phone on a slow 4G link, 4× CPU slowdown) on Debian's Chromium against the
 * built server, as a visitor first sees it: `/index` and `/rng` as a guest, the member centre (`?memberCentre=…`)
 * logged in. Each page three times, fresh cache each run; the medians against the budgets.
 */
const RUNS = 3;
const pages = [
  { name: '`/index`', path: '/index', member: false },
  { name: '`/rng`', path: '/rng', member: false },
  {
    name: 'member centre (`/index?memberCentre=securityCenter`, logged in)',
    path: '/index?memberCentre=securityCenter',
    member: true,
  },
];

async function memberToken(baseUrl: string): Promise<string> {
  const call = async (method: string, path: string, body?: unknown) =>
    (await (
      await fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
    ).json()) as { success: boolean; value: { token: string } & Record<string, unknown> };
  const challenge = (await call('GET', '/wps/system/challenge')).value;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  const answer = await call('POST', '/wps/session/login', {
    username: 'demo',
    password: 'demo-pass-1',
    type: 'username',
    challenge: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  if (!answer.success) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.value.token;
}

export default (async () => {
  const server = await startServer({});
  const results: {
    name: string;
    performance: number[];
    accessibility: number[];
    lcp: number[];
    tbt: number[];
  }[] = [];
  try {
    const token = await memberToken(server.baseUrl);
    const browser = await puppeteer.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    try {
      for (const target of pages) {
        const row = {
          name: target.name,
          performance: [] as number[],
          accessibility: [] as number[],
          lcp: [] as number[],
          tbt: [] as number[],
        };
        for (let run = 0; run < RUNS; run++) {
          const page = await browser.newPage();
          if (target.member) {
            // The site keeps its session token in the tab's sessionStorage, as the spec's site does.
            await page.evaluateOnNewDocument((value) => sessionStorage.setItem('token', value), token);
          }
          const result = await lighthouse(
            `${server.baseUrl}${target.path}`,
            { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
            undefined,
            page,
          );
          await page.close();
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`lighthouse gave no result for ${target.path}`);
          if (lhr.runtimeError)
            throw new Error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          row.performance.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
          row.accessibility.push(Math.round((lhr.categories.accessibility?.score ?? 0) * 100));
          row.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
          row.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? 0);
        }
        results.push(row);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
  const lines = [
    '| Page | Performance (runs) | Accessibility (runs) | LCP (median) | TBT (median) | Budget | Met |',
    '|---|---|---|---|---|---|---|',
    ...results.map((r) => {
      const perf = median(r.performance);
      const a11y = median(r.accessibility);
      const met = perf >= 90 && a11y >= 95;
      return `| ${r.name} | ${perf} (${r.performance.join(', ')}) | ${a11y} (${r.accessibility.join(', ')}) | ${(median(r.lcp) / 1000).toFixed(2)} s | ${median(r.tbt).toFixed(0)} ms | performance ≥ 90, accessibility ≥ 95 | ${met ? 'yes' : 'no'} |`;
    }),
  ];
  return {
    title: 'Lighthouse (mobile)',
    markdown: `Command: \`npm run bench -- lighthouse\`. Lighthouse 12.8.2, default mobile settings (simulated slow 4G, 4× CPU slowdown), Debian's Chromium headless, the built server on the embedded database; ${RUNS} runs per page, medians.\n\n${lines.join('\n')}\n`,
  };
}) satisfies Bench;
