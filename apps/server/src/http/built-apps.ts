import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type FirstPaint, withFirstPaint } from './first-paint.ts';

// Addresses that are never a page of the site: the API, and what load balancers and Prometheus ask (a page answered
// 200 to /readyz would keep a draining or broken process in the load balancer's pool).
const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/admin-api/',
  '/vendor-api/',
  '/api-docs',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** The repository root, found from this file in src/ and from the bundle in dist/. */
function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (fs.existsSync(path.join(dir, 'apps', 'server'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

/** A built front end: where it is served, its folder, and its page (as sent, and compressed once). */
export type BuiltApp = { prefix: string; dir: string; html: Buffer; br: Buffer; gzip: Buffer };

/** The built player site at /, back office at /admin/ and game clients at /games/ (those that are built). */
export function builtApps(): BuiltApp[] {
  const root = repositoryRoot();
  return [
    { prefix: '/admin/', dir: path.join(root, 'apps/admin/dist') },
    { prefix: '/games/', dir: path.join(root, 'apps/games/dist') },
    { prefix: '/', dir: path.join(root, 'apps/web/dist') },
  ]
    .filter((a) => fs.existsSync(path.join(a.dir, 'index.html')))
    .map((a) => {
      const html = fs.readFileSync(path.join(a.dir, 'index.html'));
      return { ...a, html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html, { level: 9 }) };
    });
}

/**
 * CSP hashes of the inline scripts of the built pages (the site's theme boot, which must run before the first
 * paint without a request of its own): the policy allows exactly these and no other inline script.
 */
export function inlineScriptHashes(apps: BuiltApp[]): string[] {
  const hashes = new Set<string>();
  for (const a of apps) {
    for (const match of a.html.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(
        `'sha256-${crypto
          .createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...hashes];
}

/**
 * Powerful browser features our pages never use are switched off for them (and for anything they frame).
 * Fullscreen stays allowed: game frames ask for it.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** A page as sent: plain, and compressed the two ways browsers ask for. */
type PageBodies = Pick<BuiltApp, 'html' | 'br' | 'gzip'>;

/**
 * Serves the built apps' files (precompressed) and their page for every other address (history mode). With
 * `firstPaint`, the player site's page carries the request's first screen (decision 070); each distinct page is
 * compressed once and kept (a few per merchant and language, changing only when the first banner does).
 */
export function registerBuiltApps(
  app: FastifyInstance,
  apps: BuiltApp[],
  options: { firstPaint?: (request: FastifyRequest) => Promise<FirstPaint | null> } = {},
) {
  const pages = new LRUCache<string, PageBodies>({ max: 500 });
  function pageWith(page: BuiltApp, paint: FirstPaint): PageBodies {
    const key = `${page.prefix}\n${paint.head}\n${paint.root}`;
    let bodies = pages.get(key);
    if (!bodies) {
      const html = Buffer.from(withFirstPaint(page.html.toString('utf8'), paint));
      bodies = {
        html,
        br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      pages.set(key, bodies);
    }
    return bodies;
  }

  apps.forEach((a, index) => {
    app.register(fastifyStatic, {
      root: a.dir,
      prefix: a.prefix,
      decorateReply: index === 0,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each file (scripts/precompress.mjs): sent as asked, never compressed
      // per request; a file without them is sent as it is.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p))) return;
    // A file is served by static (or is a 404); an .html address such as /register.html is a page of the app.
    if (/\.[a-z0-9]{2,11}$/i.test(url) && !url.endsWith('.html')) return;
    const page = apps.find((i) => url.startsWith(i.prefix) || `${url}/` === i.prefix);
    if (!page) return;
    // A first screen that cannot be worked out (the database down, say) is no reason to fail the page.
    const paint =
      page.prefix === '/' && options.firstPaint ? await options.firstPaint(request).catch(() => null) : null;
    const bodies = paint ? pageWith(page, paint) : page;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply
      .header('Cache-Control', 'no-cache')
      .header('Permissions-Policy', PERMISSIONS_POLICY)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? bodies.br : encoding === 'gzip' ? bodies.gzip : bodies.html);
  });
}
