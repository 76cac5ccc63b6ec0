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
    // A console.error nobody expected fails its test (scripts/setup-test-env.ts).
    setupFiles: ['scripts/setup-test-env.ts'],
    testTimeout: 20_000,
    // Each api test file migrates a fresh PGlite first: seconds alone, more on a busy machine.
    hookTimeout: 60_000,
  },
});
