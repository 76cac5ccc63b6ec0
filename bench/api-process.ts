/**
 * One api process for a bench: started with the given environment (logging off, limits out of
 * the way), awaited until it answers its readiness route, stopped with SIGTERM.
 * It runs the compiled api, as `npm start` does (built first when stale, scripts/api-build.mjs);
 * `runs: 'tsx'` runs the TypeScript through tsx instead, as the api ran before it was compiled,
 * and `cwd` another checkout of the repository (bench/payment-load.ts --baseline).
 * BENCH_API_NODE_FLAGS passes Node flags to it, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
import { execFileSync, spawn } from 'node:child_process';
import { freePort } from '../apps/api/src/db/postgres-cluster';
import { buildApiIfNeeded } from '../scripts/api-build.mjs';
import { root } from '../scripts/web-build.mjs';

export interface ApiProcess {
  base: string;
  pid: number | undefined;
  /** From the spawn to the first healthy answer. */
  startMs: number;
  stop(): Promise<void>;
}

export interface ApiOptions {
  runs?: 'compiled' | 'tsx';
  /** The checkout to run the api of (this one unless set). */
  cwd?: string;
  /** Node flags before BENCH_API_NODE_FLAGS', e.g. a module to preload. */
  nodeFlags?: string[];
}

/**
 * Start-up migrates a fresh database (and, under tsx, transpiles the api): on a busy 2-core
 * machine that has taken more than a minute, so the wait is generous, and a process that dies
 * ends it at once.
 */
const START_TIMEOUT_MS = 240_000;

export async function startApi(
  env: Record<string, string>,
  { runs = 'compiled', cwd, nodeFlags = [] }: ApiOptions = {},
): Promise<ApiProcess> {
  if (runs === 'compiled' && cwd) {
    execFileSync(process.execPath, ['scripts/api-build.mjs'], { cwd, stdio: 'inherit' });
  } else if (runs === 'compiled') await buildApiIfNeeded('bench');
  const port = await freePort();
  const flags = [
    ...nodeFlags,
    ...(process.env.BENCH_API_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const program =
    runs === 'compiled'
      ? ['--enable-source-maps', 'apps/api/dist/main.js']
      : ['--import', 'tsx', 'apps/api/src/main.ts'];
  const spawned = performance.now();
  const api = spawn(process.execPath, [...flags, ...program], {
    cwd: cwd ?? root,
    env: {
      ...process.env,
      API_PORT: String(port),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A spawn that fails (a missing folder, no process slots) emits 'error' and never 'exit':
  // without this listener it threw past the bench's own clean-up (clusters and apis left running).
  let failed: Error | undefined;
  const exited = new Promise<void>((resolve) => {
    api.once('exit', () => resolve());
    api.once('error', (error) => {
      failed = error;
      resolve();
    });
  });
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (failed) throw new Error(`the api did not start: ${failed.message}`);
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
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: api.pid,
    startMs: Math.round(performance.now() - spawned),
    stop: async () => {
      if (!gone) api.kill('SIGTERM');
      await exited;
    },
  };
}
