import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against the built server on loopback.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Two workers, each with its own server (support/global-setup.ts): the machines here have two cores.
    maxWorkers: 2,
    // A test walks a whole flow through a real browser and server; on a loaded two-core CI machine a flow that takes
    // 40 s idle took over 60 (referral, platform messages).
    testTimeout: 120_000,
    hookTimeout: 90_000,
    env: { TZ: 'UTC' },
    // A poll often waits on a full page load (a gateway's redirect, a reload): 1 s, vitest's default, is too short
    // for that on a loaded two-core CI machine (payments.e2e.ts failed on it once).
    expect: { poll: { timeout: 10_000 } },
  },
});
