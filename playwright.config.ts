import { defineConfig } from '@playwright/test';

// Overridable so that several checkouts of the repository can run their suites side by side.
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);

/**
 * The specs that start a checkout of their own (e2e/own-checkout.ts): seconds before their first
 * test, and most then run their tests one after another in one worker. Queued first, so that no
 * worker is left alone with one at the end of the run.
 */
const OWN_CHECKOUT =
  /\/(adyen|analytics|client-address|paypal|subscription-lifecycle|telemetry|turnstile|web-server)\.spec\.ts$/;

/** The production build of both apps, on a throwaway in-memory database, in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three on CI's two cores: with two, the tests' waits (webhooks, polling, checkouts starting)
  // left a core idle part of the time. Full .ci/run of the same code: 441 and 453 s with two,
  // 387 s with three (the slowest tests 22 s, or 32 s for hydration's own 120 s limit). The
  // timeouts below leave room for the busier cores.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'own checkout', testMatch: OWN_CHECKOUT },
    { name: 'checkout', testIgnore: OWN_CHECKOUT },
  ],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/checkout-server.ts',
    url: `http://localhost:${WEB_PORT}/api/health/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      WEB_PORT: String(WEB_PORT),
      API_PORT: String(API_PORT),
      API_URL: `http://127.0.0.1:${API_PORT}`,
      SITE_ORIGIN: `http://localhost:${WEB_PORT}`,
      PGLITE_DIR: 'memory://',
      GEO_COUNTRY_HEADER: 'x-test-country',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      SANDBOX_ASYNC_SETTLE_MS: '3000',
      LOGIN_RATE_LIMIT_MAX: '10000',
      // The card-testing challenge's proof of work, kept quick for tests (e2e/card-testing).
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '2000',
      // The web nodes re-read the experiments this often: a console change reaches the checkout
      // within seconds (e2e/console.spec.ts pauses one).
      CATALOG_REFRESH_MS: '3000',
      // The console's demo admin, enrolled by e2e/console.spec.ts.
      CONSOLE_DEMO_ADMIN_TOKEN: 'e2e-console-demo-admin-token',
      // The project's own identity provider as the staff issuer (e2e/console.spec.ts, decision 013).
      CONSOLE_OIDC_ISSUER: `http://localhost:${WEB_PORT}/oidc`,
      CONSOLE_OIDC_CLIENT_ID: 'checkout',
      CONSOLE_OIDC_CLIENT_SECRET: 'checkout-client-secret-change-me',
    },
  },
});
