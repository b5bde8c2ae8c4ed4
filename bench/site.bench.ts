import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { type Bench, load, median, root, startServer } from './bench-kit.ts';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Bytes on the wire of every script the browser loads for a first visit to /index: what the server really sends
 * (brotli when the browser asks for it, as Chromium does), headers included, measured by the browser itself.
 */
async function firstLoadJs(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  const loaded: { url: string; bytes: number; encoding: string }[] = [];
  const encodings = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type !== 'Script') return;
    scripts.set(event.requestId, event.response.url);
    const headers = event.response.headers as Record<string, string>;
    encodings.set(event.requestId, headers['content-encoding'] ?? headers['Content-Encoding'] ?? 'none');
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url)
      loaded.push({
        url,
        bytes: event.encodedDataLength,
        encoding: encodings.get(event.requestId) ?? 'none',
      });
  });
  await page.goto(`${baseUrl}/index`, { waitUntil: 'networkidle' });
  await browser.close();
  return loaded;
}

/** Milliseconds from spawning `npm start` (already built) to the first answered request. */
async function startToFirstAnswer(dataDir: string): Promise<number> {
  const port = 6900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/wps/system/ping`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export default (async () => {
  const server = await startServer({});
  let scripts: { url: string; bytes: number; encoding: string }[];
  const status: number[] = [];
  const hello: number[] = [];
  let statusP99 = 0;
  try {
    scripts = await firstLoadJs(server.baseUrl);
    const connections = 16;
    for (let run = 0; run < 3; run++) {
      hello.push((await load({ url: `${server.baseUrl}/wps/system/ping`, connections, seconds: 4 })).rps);
      const s = await load({ url: `${server.baseUrl}/wps/system/status`, connections, seconds: 4 });
      status.push(s.rps);
      statusP99 = Math.max(statusP99, s.p99);
    }
  } finally {
    await server.stop();
  }
  const jsKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');

  const fresh: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < 3; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-start-'));
    fresh.push(await startToFirstAnswer(dataDir));
    warm.push(await startToFirstAnswer(dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const ratio = median(status) / median(hello);
  const rows = [
    '| Figure | Measured (median) | Budget | Met |',
    '|---|---|---|---|',
    `| JavaScript transferred on the first visit to \`/index\` (bytes on the wire, content-encoding ${encodings}) | ${jsKb.toFixed(1)} KB in ${scripts.length} files | ≤ 180 KB | ${jsKb <= 180 ? 'yes' : 'no'} |`,
    `| \`npm start\` (built) to first answer, embedded database, first start (migrate + seed) | ${(median(fresh) / 1000).toFixed(2)} s | ≤ 3 s | ${median(fresh) <= 3000 ? 'yes' : 'no'} |`,
    `| \`npm start\` (built) to first answer, embedded database, restart | ${(median(warm) / 1000).toFixed(2)} s | ≤ 3 s | ${median(warm) <= 3000 ? 'yes' : 'no'} |`,
    `| \`GET /wps/system/status\` throughput vs \`GET /wps/system/ping\` (16 connections, autocannon) | ${median(status).toFixed(0)} vs ${median(hello).toFixed(0)} req/s = ${ratio.toFixed(2)}× (status p99 ${statusP99} ms) | ≥ 0.5× | ${ratio >= 0.5 ? 'yes' : 'no'} |`,
  ];
  return {
    title: 'Site foundation',
    markdown: `Command: \`npm run bench -- site\`. Runs: 3 of each; start times ${fresh.map((v) => (v / 1000).toFixed(2)).join(', ')} s (first) and ${warm.map((v) => (v / 1000).toFixed(2)).join(', ')} s (restart).\n\n${rows.join('\n')}\n`,
  };
}) satisfies Bench;
