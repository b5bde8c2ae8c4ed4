// Bundles the server (and the contracts it imports) into dist/main.js; npm packages stay external.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    'embedded-template': 'src/db/embedded-template.ts',
    'game-vendor': 'simulators/game-vendor.ts',
    'payment-gateway': 'simulators/payment-gateway.ts',
    'odds-feed': 'simulators/odds-feed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@tala/contracts': '../../packages/contracts/src',
    '@tala/slots': '../../packages/slots/src',
    '@tala/lottery': '../../packages/lottery/src',
    '@tala/live': '../../packages/live/src',
    '@tala/sports': '../../packages/sports/src',
  },
  logLevel: 'warning',
});

// A migrated, seeded embedded database for first starts (see src/db/embedded-template.ts).
const result = spawnSync(process.execPath, ['dist/embedded-template.js', 'dist/embedded-template'], {
  stdio: 'inherit',
});
if (result.status !== 0) process.exit(result.status ?? 1);
