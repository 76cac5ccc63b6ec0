import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/web/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
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
  },
});
