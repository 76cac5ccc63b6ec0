/**
 * One api process for a bench: started with the given environment (logging off, limits out of
 * the way), awaited until it answers its readiness route, stopped with SIGTERM.
 * BENCH_API_NODE_FLAGS passes Node flags to it, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
import { spawn } from 'node:child_process';
import { freePort } from '../apps/api/src/db/postgres-cluster';

export interface ApiProcess {
  base: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Start-up transpiles the api and migrates a fresh database: on a busy 2-core machine that has
 * taken more than a minute, so the wait is generous, and a process that dies ends it at once.
 */
const START_TIMEOUT_MS = 240_000;

export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const flags = process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const api = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/api/src/main.ts'], {
    env: {
      ...process.env,
      API_PORT: String(port),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => api.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (gone) throw new Error(`the api exited with code ${api.exitCode} before it answered`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > until) {
      api.kill('SIGTERM');
      throw new Error(`the api did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: api.pid,
    stop: async () => {
      if (!gone) api.kill('SIGTERM');
      await exited;
    },
  };
}
