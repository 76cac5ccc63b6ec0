/**
 * Rate limits are keyed on the client's address: a client must not pick its own bucket by
 * sending X-Forwarded-For through the web app. The shared suite runs with a huge login limit,
 * so this spec starts its own checkout (web + api, the same start script) with a small one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const LOGIN_LIMIT = 5;
const ATTEMPTS = 60;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the checkout exited early:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the checkout did not start in time:\n${log()}`);
}

test.describe('client address', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let checkout: ChildProcess | undefined;
  let baseUrl = '';

  test.beforeAll(async () => {
    // Starting a second checkout beside the suite's own takes a while on a busy machine.
    test.setTimeout(120_000);
    const [webPort, apiPort] = [await freePort(), await freePort()];
    baseUrl = `http://localhost:${webPort}`;
    let output = '';
    // The suite's web server has already built the app, so the start script only starts it.
    checkout = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        ...process.env,
        WEB_PORT: String(webPort),
        API_PORT: String(apiPort),
        API_URL: `http://127.0.0.1:${apiPort}`,
        SITE_ORIGIN: baseUrl,
        PGLITE_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    checkout.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    checkout.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHealth(`${baseUrl}/api/health/`, checkout, () => output);
  });

  test.afterAll(async () => {
    if (!checkout || checkout.exitCode !== null) return;
    const exited = new Promise((resolve) => checkout?.once('exit', resolve));
    checkout.kill('SIGTERM');
    await exited;
  });

  test('forged X-Forwarded-For addresses do not escape the login rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const res = await fetch(`${baseUrl}/api/users/auth/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
        body: '{}',
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // The first few logins start normally; the rest are refused as one client.
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array<number>(LOGIN_LIMIT).fill(200));
    expect(statuses.filter((status) => status === 429)).toHaveLength(ATTEMPTS - LOGIN_LIMIT);
  });
});
