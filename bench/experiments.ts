/**
 * What experiment assignment adds to a page request: the proxy's whole experiment step
 * (cookies read, rules evaluated, §4 assignment, cookie values written) for 50 running
 * experiments with realistic targeting, for new and for returning visitors.
 *   node --conditions=react-server --import tsx bench/experiments.ts [--iterations 20000]
 * or `npm run bench:experiments` (the repository's Node 24). (react-server: the module is
 * server-only.) Prints one JSON line; times in milliseconds. The CPU time is the process's
 * (Linux counts a thread's own only in scheduler ticks, too coarse here), so V8's helper
 * threads are in it: the requests a garbage collection ran in are also reported apart.
 */
import os from 'node:os';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { NextRequest } from 'next/server';
import {
  experimentSchema,
  seededRandom as seeded,
  type Experiment,
} from '@checkout/core/experiments';
import { requestExperiments } from '../apps/web/src/experiments/request-experiments.server';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const iterations = arg('iterations', 20_000);

const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'PL', 'BR', 'JP', 'KR'];

/** Targeting as marketing writes it: a page, an audience (OR of countries), sometimes more. */
function experiment(i: number): Experiment {
  const type = i % 10 === 9 ? 'redirect' : 'segment';
  const rules: unknown[] = [
    { dimension: 'URL_PATH', operator: 'STARTS_WITH', value: i % 3 === 0 ? '/' : '/payment/' },
    {
      combinator: 'OR',
      rules: COUNTRIES.slice(0, 2 + (i % 6)).map((value) => ({
        dimension: 'COUNTRY',
        operator: 'EQUALS',
        value,
      })),
    },
  ];
  if (i % 4 === 0) rules.push({ dimension: 'COOKIE', key: 'consent', operator: 'EXISTS' });
  if (i % 5 === 0)
    rules.push({
      dimension: 'URL_PARAMETER',
      key: 'product_group',
      operator: 'EQUALS',
      value: 'vpn',
    });
  if (i % 6 === 0) rules.push({ dimension: 'LANGUAGE', operator: 'NOT_EQUALS', value: 'ja' });
  return experimentSchema.parse({
    id: `bench-${i}`,
    type,
    isolate: i % 10 === 0 ? true : i % 10 === 1 ? `group-${i % 3}` : false,
    allocation: i % 7 === 0 ? 0.5 : 1,
    variants: [
      { value: 'control', weight: 1 },
      type === 'redirect'
        ? { value: 'b', weight: 1, redirectTo: '/products/' }
        : { value: 'b', weight: 1 },
      { value: 'c', weight: 2 },
    ],
    allocator: i % 8 === 0 ? ['checkout', 'website'] : ['checkout'],
    triggers: { combinator: 'AND', rules },
    filterSettings:
      i % 2 === 0
        ? {
            combinator: 'AND',
            rules: [
              { dimension: 'CUSTOM', key: 'deviceType', operator: 'NOT_EQUALS', value: 'tablet' },
            ],
          }
        : null,
    status: 'running',
  });
}

const experiments = Array.from({ length: 50 }, (_, i) => experiment(i));

const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const url = 'http://localhost:3000/de/payment/?product_group=vpn&coupon=SPRING25&currency=EUR';

interface Timing {
  p50: number;
  p99: number;
  max: number;
}

const round = (ms: number) => Number(ms.toFixed(4));
const percentiles = (values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.floor(q * (sorted.length - 1))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
};

const WARM_UP = 3_000;

/**
 * Wall time and CPU time per request. On a shared, loaded machine the wall-time
 * tail is mostly waiting for a core, which the CPU time leaves out. Garbage collections are
 * observed and the requests they landed in reported apart, so the GC share of the tail shows.
 */
async function measure(cookie: string, random: () => number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const spans: [number, number][] = [];
  let redirects = 0;
  const collections: PerformanceEntry[] = [];
  const gcs = new PerformanceObserver((list) => collections.push(...list.getEntries()));
  gcs.observe({ entryTypes: ['gc'] });
  for (let i = 0; i < iterations + WARM_UP; i += 1) {
    // A new request each time, as the proxy gets: its cookie and query parsing are part of it.
    const request = new NextRequest(url, { headers: { cookie, 'user-agent': userAgent } });
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = requestExperiments(
      request,
      experiments,
      { country: 'DE', qa: false, analytics: true },
      random,
    );
    const end = performance.now();
    const used = process.cpuUsage(cpuStart);
    if (i >= WARM_UP) {
      wall.push(end - start);
      cpu.push((used.user + used.system) / 1000);
      spans.push([start, end]);
      if (result.result.redirectTo) redirects += 1;
    }
  }
  // GC entries are delivered after the loop gives the event loop a turn.
  await new Promise((resolve) => setTimeout(resolve, 100));
  gcs.disconnect();
  const from = spans[0]?.[0] ?? 0;
  const measured = collections.filter((gc) => gc.startTime + gc.duration >= from);
  const touched = spans.map(([start, end]) =>
    measured.some((gc) => gc.startTime < end && gc.startTime + gc.duration > start),
  );
  return {
    wall: percentiles(wall),
    cpu: percentiles(cpu),
    /** The same, leaving out the requests a garbage collection ran in. */
    cpuWithoutGc: percentiles(cpu.filter((_, i) => !touched[i])),
    gc: {
      collections: measured.length,
      requestsTouched: touched.filter(Boolean).length,
      totalMs: round(measured.reduce((sum, gc) => sum + gc.duration, 0)),
    },
    redirects,
  };
}

const visit = (cookie: string, random: () => number) =>
  requestExperiments(
    new NextRequest(url, { headers: { cookie, 'user-agent': userAgent } }),
    experiments,
    { country: 'DE', qa: false, analytics: true },
    random,
  );

/**
 * A returning visitor as a first visit left them: the first seed whose visit drew the segment
 * bucket, so the cookies carry most of the running experiments (the costly case), every run.
 */
function returningCookie(): { cookie: string; assigned: number } {
  for (let seed = 1; ; seed += 1) {
    const first = visit('consent=granted', seeded(seed));
    if (first.result.bucket !== 'segment') continue;
    return {
      cookie: `consent=granted; experiment_local=${first.cookies?.experiment_local ?? ''}; experiment_global=${first.cookies?.experiment_global ?? ''}`,
      assigned: Object.keys(first.result.assignments).length,
    };
  }
}

const newVisitor = await measure('consent=granted', seeded(20261123));
const returning = returningCookie();
const returningVisitor = await measure(returning.cookie, seeded(20261123));

console.log(
  JSON.stringify({
    bench: 'experiments',
    node: process.version,
    runningExperiments: experiments.length,
    iterations,
    warmUp: WARM_UP,
    newVisitorMs: newVisitor,
    returningVisitorMs: { ...returningVisitor, assigned: returning.assigned },
    budgetP99Ms: 1,
    loadAverage: os.loadavg()[0],
  }),
);
