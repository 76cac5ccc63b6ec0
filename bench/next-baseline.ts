/**
 * The performance table of issue 19 in one run: a bare Next.js App Router page (the same Next
 * and React as ours, one dynamic server component), built here in a temporary folder, beside
 * the checkout's /pending/ and /payment/?product_group=vpn. Per page: first-load JavaScript
 * (gzip), server-rendering req/s with p50/p99 (autocannon), and optionally Lighthouse mobile.
 * Ratios are taken within the run, so they hold on a busy machine.
 *   npx tsx bench/next-baseline.ts [--duration 10] [--rounds 3] [--connections 20] [--lighthouse 3]
 *     [--app http://localhost:3000]   (a running checkout; otherwise one is started here)
 * The started checkout runs `node scripts/start.mjs` (builds apps/web when its sources changed)
 * on free ports with an in-memory database and the per-visitor rate limit lifted.
 * Prints one JSON line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/api/src/db/postgres-cluster';
import { firstLoadWeight, lighthouseMobile } from './page-weight.mjs';
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
const PAGES = { pending: '/pending/', payment: '/payment/?product_group=vpn' } as const;

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

async function startBarePage(dir: string): Promise<string> {
  const port = await freePort();
  children.push(
    spawn(process.execPath, [nextBin(), 'start', '-p', String(port)], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    }),
  );
  const base = `http://localhost:${port}`;
  await waitFor(`${base}/`, 'the bare Next.js page');
  return base;
}

function load(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error: Error | null, result) =>
      error ? reject(error) : resolve(result),
    );
  });
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

/** The run with the median score, and every run's score beside it. */
function medianRun(runs: LighthouseRun[]) {
  const sorted = [...runs].sort((a, b) => a.performanceScore - b.performanceScore);
  return { ...sorted[Math.floor(sorted.length / 2)], scores: runs.map((r) => r.performanceScore) };
}

/**
 * The pages take turns, round after round (and Lighthouse run after run), so a burst of other
 * work on the machine weighs on all of them alike; medians over the rounds are reported.
 */
async function measureAll(urls: Record<PageName, string>) {
  const names = Object.keys(urls) as PageName[];
  for (const name of names) await load(urls[name], 3); // warm: JIT, module caches
  const ssr = new Map<PageName, autocannon.Result[]>(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of names) ssr.get(name)?.push(await load(urls[name], duration));
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
  return { pages, throughputRatio };
}

async function summary(url: string, results: autocannon.Result[], lighthouse: LighthouseRun[]) {
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
    },
    ...(lighthouse.length > 0 ? { lighthouse: medianRun(lighthouse) } : {}),
  };
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(3));

try {
  const appArg = arg('app');
  const [bareDir, app] = await Promise.all([
    buildBarePage(),
    appArg ? Promise.resolve(appArg) : startCheckout(children),
  ]);
  const bareBase = await startBarePage(bareDir);
  await assertCheckoutRenders(`${app}${PAGES.payment}`);
  const { pages, throughputRatio } = await measureAll({
    bare: `${bareBase}/`,
    pending: `${app}${PAGES.pending}`,
    payment: `${app}${PAGES.payment}`,
  });
  const { bare, pending, payment } = pages;
  await assertCheckoutRenders(`${app}${PAGES.payment}`);
  console.log(
    JSON.stringify({
      bench: 'next-baseline',
      connections,
      durationSeconds: duration,
      rounds,
      bare,
      pending,
      payment,
      ratios: {
        pendingThroughput: throughputRatio('pending'),
        paymentThroughput: throughputRatio('payment'),
        pendingFirstLoadJs: ratio(pending.firstLoadJsGzipBytes, bare.firstLoadJsGzipBytes),
        paymentFirstLoadJs: ratio(payment.firstLoadJsGzipBytes, bare.firstLoadJsGzipBytes),
      },
    }),
  );
} finally {
  cleanUp();
}
