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
    // A console.error during a test is a bug we want to see fail, not scroll past.
    onConsoleLog: (_log, type) => type !== 'stderr',
    testTimeout: 20_000,
  },
});
