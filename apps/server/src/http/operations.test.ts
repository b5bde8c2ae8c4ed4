// Issue 20 item 3: what an operator's load balancer and Prometheus read from a server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { migrationNames, pendingMigrations } from '../db/migrate.ts';
import { createMetrics } from '../lib/metrics.ts';
import { testApp } from '../testing/test-app.ts';
import { registerBuiltApps } from './built-apps.ts';
import { serveMetrics } from './operations.ts';

const token = 'metrics-token-for-tests-0123456789';
const { app, services, life, database } = await testApp({ metricsToken: token });

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape() {
  const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe('health and readiness', () => {
  it('answers /healthz without asking the database, and /readyz with the database and the migrations', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
    // A newer build's migration this database lacks is what /readyz would count as pending.
    const names = migrationNames();
    expect(await pendingMigrations(services.db, names)).toEqual([]);
    expect(await pendingMigrations(services.db, [...names, '999_not_yet.sql'])).toEqual(['999_not_yet.sql']);
  });
});

describe('metrics', () => {
  it('refuses /metrics without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, token.slice(1)]) {
      const response = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'metrics_token_invalid' });
    }
  });

  it('counts requests per route pattern and status, with their durations', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ url: '/healthz' });
    await app.inject({ url: '/wps/no/such/route' });
    await app.inject({ url: '/wps/relay/GCSGAME_gameList', headers: { merchant: 'tala' } });
    const text = await scrape();
    expect(
      sample(
        text,
        'tala_http_request_duration_seconds_count{method="GET",route="/healthz",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(
        text,
        'tala_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'tala_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(3);
    // Paths are never labels: the pattern is.
    expect(text).not.toContain('route="/wps/no/such/route"');
  });

  it("reports the pool, the ledger's batches and the job queues", async () => {
    const merchantId = (await services.merchants.byCode('tala')).id;
    const clearing = await services.wallet.houseAccount(merchantId, 'house_deposit_clearing');
    const member = await services.wallet.memberAccount(merchantId, 991);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        services.wallet.transfer(services.db, {
          merchantId,
          idempotencyKey: `metrics-${i}`,
          type: 'deposit',
          from: clearing,
          to: member,
          amount: 100,
          actor: { type: 'system' },
        }),
      ),
    );
    await services.jobs.start();
    try {
      const text = await scrape();
      expect(sample(text, 'tala_ledger_batch_size_sum')).toBe(5);
      expect(sample(text, 'tala_ledger_batch_size_count')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'tala_db_pool_connections{state="max"}')).toBe(database.poolStats().max);
      expect(sample(text, 'tala_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'tala_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      const queues = text.split('\n').filter((l) => l.startsWith('tala_job_queue_depth{'));
      expect(queues.length).toBeGreaterThanOrEqual(2);
      expect(
        queues.every((l) => /^tala_job_queue_depth\{queue="[\w-]+",state="(waiting|active)"\} \d+$/.test(l)),
      ).toBe(true);
    } finally {
      await services.jobs.stop();
    }
  });

  it('counts open WebSocket connections per path', async () => {
    const series = 'tala_websocket_connections{path="/wps/live/socket"}';
    const socket = await app.injectWS('/wps/live/socket');
    expect(sample(await scrape(), series)).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.terminate();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sample(await scrape(), series)).toBe(0);
  });

  it('serves the metrics on a port of their own, with or without the token', async () => {
    const metrics = createMetrics();
    metrics.ledgerBatchSize.observe(3);
    const open = await serveMetrics(metrics, { port: 0, host: '127.0.0.1' });
    const guarded = await serveMetrics(metrics, { port: 0, host: '127.0.0.1', token });
    try {
      const response = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(response.status).toBe(200);
      expect(sample(await response.text(), 'tala_ledger_batch_size_sum')).toBe(3);
      expect((await fetch(`http://127.0.0.1:${open.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${guarded.port}/metrics`)).status).toBe(401);
      const allowed = await fetch(`http://127.0.0.1:${guarded.port}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(allowed.status).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });
});

describe('beside the built site', () => {
  it('never answers /readyz or /metrics with a page of the site', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-site-'));
    const html = Buffer.from('<!doctype html><title>site</title>');
    fs.writeFileSync(path.join(dir, 'index.html'), html);
    const site = Fastify();
    registerBuiltApps(site, [{ prefix: '/', dir, html, br: html, gzip: html }]);
    try {
      expect((await site.inject({ url: '/deposit' })).body).toContain('<title>site</title>');
      for (const url of ['/readyz', '/metrics', '/healthz']) {
        const response = await site.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<title>site</title>');
      }
    } finally {
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('draining', () => {
  it('answers /readyz 503 once a shutdown begins, while /healthz stays up', async () => {
    life.draining();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, errorCode: 'not_ready', reason: 'draining' });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
