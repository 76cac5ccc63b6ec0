/**
 * Benches' own checkout: `node scripts/start.mjs` (builds apps/web when its sources changed) on
 * free ports, an in-memory database and the per-visitor rate limit lifted, since all the load
 * comes from one address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../apps/api/src/db/postgres-cluster';

const root = path.resolve(import.meta.dirname, '..');

export async function waitFor(url: string, what: string, seconds = 300): Promise<void> {
  for (let i = 0; i < seconds * 2; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not answer ${url}`);
}

/**
 * Starts a checkout with these variables; resolves once both apps answer, with its base URL and
 * the pid of start.mjs (whose children are the web server and the api).
 */
export async function startCheckout(
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number | undefined }> {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const start = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      WEB_PORT: String(webPort),
      API_PORT: String(apiPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      SITE_ORIGIN: `http://localhost:${webPort}`,
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    },
  });
  children.push(start);
  // The api first: the web app's proxy would log every refused forward while the api starts.
  await waitFor(`http://127.0.0.1:${apiPort}/api/health/`, 'the api', 900);
  const base = `http://localhost:${webPort}`;
  await waitFor(`${base}/api/health/`, 'the checkout', 900);
  return { base, pid: start.pid };
}
