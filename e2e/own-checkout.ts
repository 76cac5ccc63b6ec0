/**
 * A checkout of a spec's own (web + api, the same start script) on free ports, for specs that
 * need a configuration the suite's shared checkout does not have.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTemplate } from '../apps/api/src/db/test-template';

export function freePort(): Promise<number> {
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
  // Migrating a fresh embedded database takes long on a machine busy with other suites.
  const deadline = Date.now() + 120_000;
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

/**
 * What every checkout of the suite starts with: its embedded database loaded from the migrated
 * template the unit tests keep (apps/api/src/db/test-template.ts) instead of migrated from
 * nothing, and Node's compile cache shared by its processes (the api's and the web server's
 * modules compiled once for the suite, not at every start).
 */
export async function suiteCheckoutEnv(): Promise<Record<string, string>> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    PGLITE_TEMPLATE: await ensureTemplate(),
    NODE_COMPILE_CACHE: path.join(root, 'node_modules/.cache/node-compile-cache'),
  };
}

export interface OwnCheckout {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Starts the checkout with these variables over the environment; resolves once it is healthy. */
export async function startOwnCheckout(env: Record<string, string>): Promise<OwnCheckout> {
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const baseUrl = `http://localhost:${webPort}`;
  let output = '';
  // The suite's web server has already built the app, so the start script only starts it.
  const checkout = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      WEB_PORT: String(webPort),
      API_PORT: String(apiPort),
      API_URL: `http://127.0.0.1:${apiPort}`,
      SITE_ORIGIN: baseUrl,
      PGLITE_DIR: 'memory://',
      ...(await suiteCheckoutEnv()),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  checkout.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  checkout.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (checkout.exitCode !== null) return;
    const exited = new Promise((resolve) => checkout.once('exit', resolve));
    checkout.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(`${baseUrl}/api/health/`, checkout, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * A second web node of the suite's build (apps/web/server.mjs alone) on a free port, with these
 * variables over the environment; the suite's api unless API_URL says otherwise.
 */
export async function startOwnWebNode(env: Record<string, string>): Promise<OwnCheckout> {
  const port = await freePort();
  const apiPort = process.env.E2E_API_PORT ?? '4100';
  let output = '';
  const node = spawn(process.execPath, ['server.mjs'], {
    cwd: fileURLToPath(new URL('../apps/web', import.meta.url)),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_PORT: String(port),
      API_URL: `http://127.0.0.1:${apiPort}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const listening = new Promise<void>((resolve, reject) => {
    node.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[web] listening')) resolve();
    });
    node.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    node.once('exit', () => reject(new Error(`the web node exited early:\n${output}`)));
  });
  await listening;
  return {
    baseUrl: `http://${env.WEB_HOST ?? 'localhost'}:${port}`,
    stop: async () => {
      if (node.exitCode !== null) return;
      const exited = new Promise((resolve) => node.once('exit', resolve));
      node.kill('SIGTERM');
      await exited;
    },
  };
}
