import { defineConfig } from 'vitest/config';

// Unit and integration tests, beside the code. Browser tests have their own config in e2e/.
export default defineConfig({
  test: {
    // Two cores on every machine here: one worker per core for every project.
    maxWorkers: 2,
    // Property-based tests run many cases; a loaded machine must not turn them into timeouts.
    testTimeout: 30_000,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], env: { TZ: 'UTC' } } },
      {
        test: {
          name: 'slots',
          include: ['packages/slots/src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'lottery',
          include: ['packages/lottery/src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'live',
          include: ['packages/live/src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sports',
          include: ['packages/sports/src/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The same modules' tests on the embedded database (PGlite, one connection), the default of `npm start`:
        // a query on the pool inside an open transaction hangs it, which the real server above cannot show.
        test: {
          name: 'server-embedded',
          include: [
            'apps/server/src/modules/{agents,auth,kyc,members,operators,payments,promotions,points}/**/*.test.ts',
            'apps/server/src/modules/exclusions/**/*.test.ts',
            'apps/server/src/modules/seamless/**/*.test.ts',
            'apps/server/src/modules/missions/**/*.test.ts',
            'apps/server/src/modules/lottery/**/*.test.ts',
            'apps/server/src/modules/live/live.test.ts',
            'apps/server/src/modules/live/bingo.test.ts',
            'apps/server/src/modules/live/bingo.currencies.test.ts',
            'apps/server/src/modules/live/room-chat.test.ts',
            'apps/server/src/modules/pvp/**/*.test.ts',
            'apps/server/src/modules/fish/**/*.test.ts',
            'apps/server/src/modules/sportsbook/sportsbook.test.ts',
            'apps/server/src/modules/counts/**/*.test.ts',
            'apps/server/src/modules/limits/**/*.test.ts',
            'apps/server/src/modules/support/broadcasts*.test.ts',
            'apps/server/src/modules/safer-gambling/**/*.test.ts',
            // The schema itself: every table placed, and the merchant key's triggers working on PGlite too.
            'apps/server/src/db/topology.test.ts',
          ],
          env: { TZ: 'UTC', DATABASE_URL: '' },
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: [
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/admin/src/**/*.test.{ts,tsx}',
            'apps/games/src/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
