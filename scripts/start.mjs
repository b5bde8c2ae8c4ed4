// `npm start`: builds the apps when their build is missing or older than their sources, then serves everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'apps/web',
  'apps/admin',
  'apps/games',
  'apps/server/src',
  'apps/server/migrations',
  'packages/contracts/src',
];
const outputs = [
  'apps/web/dist/index.html',
  'apps/admin/dist/index.html',
  'apps/games/dist/index.html',
  'apps/server/dist/main.js',
];

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const built = outputs.map((o) => path.join(root, o));
const oldestBuild = Math.min(...built.map((o) => (fs.existsSync(o) ? fs.statSync(o).mtimeMs : 0)));
const newestSource = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (oldestBuild < newestSource) {
  console.log('Building the apps (first start, or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The sportsbook's odds feed (docs/odds-feed.md): unless a real one is configured (ODDS_FEED_URL) or it is switched
// off (ODDS_FEED=off), the in-repo simulator runs beside the server as its own process, so /sports has matches.
let feed;
const env = { ...process.env };
if (!env.ODDS_FEED_URL && env.ODDS_FEED !== 'off') {
  feed = spawn(process.execPath, [path.join(root, 'apps/server/dist/odds-feed.js')], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve) => {
    let text = '';
    feed.stdout.on('data', (chunk) => {
      text += chunk.toString();
      const line = text.split('\n').find((l) => l.includes('"port"'));
      if (line) resolve(JSON.parse(line).port);
    });
    feed.on('exit', () => resolve(undefined));
  });
  if (port) env.ODDS_FEED_URL = `http://127.0.0.1:${port}`;
  else console.log('The odds feed simulator did not start: /sports and /esports stay empty.');
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    feed?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => {
  feed?.kill();
  process.exit(code ?? 0);
});
