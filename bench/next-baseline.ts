/**
 * The performance table of issue 19 in one run: a bare Next.js App Router page (the same Next
 * and React as ours, one dynamic server component), built here in a temporary folder, beside
 * the checkout's /pending/ and /payment/?product_group=vpn. Per page: first-load JavaScript
 * (gzip), server-rendering req/s with p50/p99 (autocannon), the server's CPU time per request,
 * and optionally Lighthouse mobile. Ratios are taken within the run, so they hold on a busy
 * machine; the CPU ratios hold best (a server's CPU time per answer barely moves when other
 * processes take the cores, its req/s does).
 *   npx tsx bench/next-baseline.ts [--duration 10] [--rounds 3] [--connections 20] [--lighthouse 3]
 *     [--gzip]   (the load asks for gzip as browsers do; without it, as autocannon does, for none)
 *     [--app http://localhost:3000 [--app-pid PID]]   (a running checkout and its web server's
 *     process, for the CPU figures; otherwise one is started here)
 * The started checkout runs `node scripts/start.mjs` (builds apps/web when its sources changed)
 * on free ports with an in-memory database and the per-visitor rate limit lifted.
 * Prints one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/db/postgres-cluster';
import { firstLoadWeight, lighthouseMobile } from './page-weight.mjs';
import { cpuMsOf } from './process-cpu';
import { startCheckout, waitFor } from './start-checkout';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const duration = Number(arg('duration') ?? 10);
const connections = Number(arg('connections') ?? 20);
const lighthouseRuns = Number(arg('lighthouse') ?? 0);
const rounds = Number(arg('rounds') ?? 3);
/** Browsers ask every page compressed, and Next compresses it in the server's own process. */
const gzip = process.argv.includes('--gzip');
const loadHeaders: Record<string, string> = gzip ? { 'accept-encoding': 'gzip' } : {};
const PAGES = { pending: '/pending/', payment: '/payment/?product_group=vpn' } as const;

/** The fields of /proc/PID/stat after the command name (which may hold spaces). */
function procStat(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The child of `parent` whose command line contains `match` (the web server under start.mjs). */
function childPid(parent: number, match: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(procStat(Number(entry))[1]) !== parent) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(match)) return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];
function cleanUp(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/**
 * The bare page: a layout and one server component that reads a request header, which makes
 * it dynamic (rendered per request, as every checkout page is). The repository's node_modules
 * are linked in, so it is the same Next and React; Turbopack's root is widened to reach them.
 */
async function buildBarePage(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bare-next-'));
  tempDirs.push(dir);
  mkdirSync(path.join(dir, 'app'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n');
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default { turbopack: { root: ${JSON.stringify(path.parse(dir).root)} } };\n`,
  );
  writeFileSync(
    path.join(dir, 'app/layout.jsx'),
    `export default function RootLayout({ children }) {
  return (<html lang="en"><body>{children}</body></html>);
}\n`,
  );
  writeFileSync(
    path.join(dir, 'app/page.jsx'),
    `import { headers } from 'next/headers';
export default async function Page() {
  const agent = (await headers()).get('user-agent') ?? 'nobody';
  return (<main><h1>Hello</h1><p>Rendered for {agent} at {new Date().toISOString()}</p></main>);
}\n`,
  );
  const build = spawn(process.execPath, [nextBin(), 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  const status = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (status !== 0) throw new Error('the bare Next.js page did not build');
  return dir;
}

function nextBin(): string {
  return path.join(root, 'node_modules/next/dist/bin/next');
}

interface Server {
  base: string;
  /** The process that renders the pages, for its CPU time; unknown for a checkout given by URL. */
  pid: number | undefined;
}

async function startBarePage(dir: string): Promise<Server> {
  const port = await freePort();
  // `next start` serves in its own process (it names itself next-server).
  const child = spawn(process.execPath, [nextBin(), 'start', '-p', String(port)], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  children.push(child);
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/`, 'the bare Next.js page');
  return { base, pid: child.pid };
}

type Load = autocannon.Result & { cpuMsPerRequest: number | null };

async function load(url: string, seconds: number, pid: number | undefined): Promise<Load> {
  const before = pid === undefined ? 0 : cpuMsOf(pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: loadHeaders },
      (error: Error | null, r) => (error ? reject(error) : resolve(r)),
    );
  });
  const cpu =
    pid === undefined ? null : (cpuMsOf(pid) - before) / Math.max(1, result.requests.total);
  return { ...result, cpuMsPerRequest: cpu };
}

/** The checkout itself, not an error screen (which a refused api call renders with a 200). */
async function assertCheckoutRenders(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  if (!html.includes('data-plan=')) throw new Error(`${url} rendered no plans`);
}

type PageName = 'bare' | 'pending' | 'payment';
type LighthouseRun = Awaited<ReturnType<typeof lighthouseMobile>>;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The run with the median score, and every run's score, LCP and TBT beside it. */
function medianRun(runs: LighthouseRun[]) {
  const sorted = [...runs].sort((a, b) => a.performanceScore - b.performanceScore);
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    scores: runs.map((r) => r.performanceScore),
    lcpsMs: runs.map((r) => r.lcpMs),
    tbtsMs: runs.map((r) => r.tbtMs),
    // Each metric's own median, which issue 34's targets compare.
    lcpMedianMs: median(runs.map((r) => r.lcpMs)),
    tbtMedianMs: median(runs.map((r) => r.tbtMs)),
  };
}

/**
 * The pages take turns, round after round (and Lighthouse run after run), so a burst of other
 * work on the machine weighs on all of them alike; medians over the rounds are reported.
 */
async function measureAll(
  urls: Record<PageName, string>,
  pids: Record<PageName, number | undefined>,
) {
  const names = Object.keys(urls) as PageName[];
  for (const name of names) await load(urls[name], 3, pids[name]); // warm: JIT, module caches
  const ssr = new Map<PageName, Load[]>(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) ssr.get(name)?.push(await load(urls[name], duration, pids[name]));
  }
  const lighthouse = new Map<PageName, LighthouseRun[]>(names.map((n) => [n, []]));
  for (let run = 0; run < lighthouseRuns; run++) {
    for (const name of names) lighthouse.get(name)?.push(await lighthouseMobile(urls[name]));
  }
  const pages = {} as Record<PageName, Awaited<ReturnType<typeof summary>>>;
  for (const name of names) {
    pages[name] = await summary(urls[name], ssr.get(name) ?? [], lighthouse.get(name) ?? []);
  }
  /** Median over the rounds of one page's req/s divided by the bare page's in the same round. */
  const throughputRatio = (name: PageName) =>
    Number(
      median(
        (ssr.get(name) ?? []).map(
          (r, i) => r.requests.average / (ssr.get('bare')?.[i]?.requests.average ?? Infinity),
        ),
      ).toFixed(3),
    );
  /**
   * The bare page's CPU time per answer divided by this page's, median over the rounds: the
   * throughput ratio a node would reach with its cores to itself.
   */
  const cpuRatio = (name: PageName) => {
    const ratios = (ssr.get(name) ?? []).flatMap((r, i) => {
      const bare = ssr.get('bare')?.[i]?.cpuMsPerRequest;
      return r.cpuMsPerRequest && bare ? [bare / r.cpuMsPerRequest] : [];
    });
    return ratios.length > 0 ? Number(median(ratios).toFixed(3)) : null;
  };
  return { pages, throughputRatio, cpuRatio };
}

async function summary(url: string, results: Load[], lighthouse: LighthouseRun[]) {
  const cpu = results.flatMap((r) => (r.cpuMsPerRequest === null ? [] : [r.cpuMsPerRequest]));
  const weight = await firstLoadWeight(url);
  return {
    url,
    firstLoadJsGzipBytes: weight.jsGzipBytes,
    ssr: {
      reqPerSec: Math.round(median(results.map((r) => r.requests.average))),
      p50Ms: median(results.map((r) => r.latency.p50)),
      p99Ms: median(results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
      roundsReqPerSec: results.map((r) => Math.round(r.requests.average)),
      cpuMsPerRequest: cpu.length > 0 ? Number(median(cpu).toFixed(2)) : null,
    },
    ...(lighthouse.length > 0 ? { lighthouse: medianRun(lighthouse) } : {}),
  };
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(3));

try {
  const appArg = arg('app');
  const appPid = arg('app-pid');
  const [bareDir, checkout] = await Promise.all([
    buildBarePage(),
    appArg
      ? Promise.resolve({ base: appArg, pid: appPid ? Number(appPid) : undefined })
      : startCheckout(children).then(({ base, pid }) => ({
          base,
          // apps/web/server.mjs, started by start.mjs (the api is its other child).
          pid: pid === undefined ? undefined : childPid(pid, 'server.mjs'),
        })),
  ]);
  const app = checkout.base;
  const bareServer = await startBarePage(bareDir);
  await assertCheckoutRenders(`${app}${PAGES.payment}`);
  const { pages, throughputRatio, cpuRatio } = await measureAll(
    {
      bare: `${bareServer.base}/`,
      pending: `${app}${PAGES.pending}`,
      payment: `${app}${PAGES.payment}`,
    },
    { bare: bareServer.pid, pending: checkout.pid, payment: checkout.pid },
  );
  const { bare, pending, payment } = pages;
  await assertCheckoutRenders(`${app}${PAGES.payment}`);
  console.log(
    JSON.stringify({
      bench: 'next-baseline',
      connections,
      gzip,
      durationSeconds: duration,
      rounds,
      bare,
      pending,
      payment,
      ratios: {
        pendingThroughput: throughputRatio('pending'),
        paymentThroughput: throughputRatio('payment'),
        pendingCpu: cpuRatio('pending'),
        paymentCpu: cpuRatio('payment'),
        pendingFirstLoadJs: ratio(pending.firstLoadJsGzipBytes, bare.firstLoadJsGzipBytes),
        paymentFirstLoadJs: ratio(payment.firstLoadJsGzipBytes, bare.firstLoadJsGzipBytes),
        ...(payment.lighthouse && bare.lighthouse
          ? {
              paymentLcpOverBareMs: payment.lighthouse.lcpMedianMs - bare.lighthouse.lcpMedianMs,
              paymentTbt: ratio(payment.lighthouse.tbtMedianMs, bare.lighthouse.tbtMedianMs),
            }
          : {}),
      },
    }),
  );
} finally {
  cleanUp();
}
