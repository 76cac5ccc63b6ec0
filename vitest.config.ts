import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './scripts/vitest-sequencer.mjs';

/**
 * The api's and core's test files share their workers' module graph (`isolate: false`): each
 * file would otherwise import the api, Fastify, Drizzle and PGlite again in a fresh worker,
 * most of an api file's time on CI. They keep no state between files: each opens its own
 * database from the template. The files that move the api's process-wide clock
 * (jobs/clock.ts, only forward) run isolated, as do the files that start the api's telemetry
 * (OpenTelemetry's tracer provider is registered once per process: a second file's exporter in
 * a shared worker received no span), and the web's and scripts' files, which mock modules and
 * set variables per file.
 */
const clockMovers = [
  'apps/api/src/modules/renewals/renewals.test.ts',
  'apps/api/src/modules/renewals/renewal-race.test.ts',
  'apps/api/src/modules/self-service/upgrade.test.ts',
  'apps/api/src/modules/payments/providers/adyen-checkout/journeys.test.ts',
  'apps/api/src/modules/payments/providers/paypal-orders/journeys.test.ts',
  'apps/api/src/modules/console/customers.test.ts',
];
const telemetryStarters = [
  'apps/api/src/telemetry/telemetry.test.ts',
  'apps/api/src/telemetry/telemetry-postgres.test.ts',
];

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/.next/**', 'e2e/**'],
    environment: 'node',
    // Vitest's default leaves one core to itself: one worker on CI's 2 cores, where the files'
    // work (PGlite, the api) is what keeps the cores busy, not Vitest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A console.error nobody expected fails its test (scripts/setup-test-env.ts).
    setupFiles: ['scripts/setup-test-env.ts'],
    // The migrated PGlite that every api test database starts from (apps/api/src/db/test-template.ts).
    globalSetup: ['scripts/vitest-global-setup.ts'],
    testTimeout: 20_000,
    // An api test file opens a PGlite from the migrated template first: a second, more when busy.
    hookTimeout: 60_000,
    // The files that run longest start first, also on a clean clone (scripts/vitest-sequencer.mjs).
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...clockMovers, ...telemetryStarters],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            ...clockMovers,
            ...telemetryStarters,
            'apps/web/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/.next/**'],
        },
      },
    ],
  },
});
