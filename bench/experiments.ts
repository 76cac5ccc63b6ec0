/**
 * What experiment assignment adds to a page request: the proxy's whole experiment step
 * (cookies read, rules evaluated, §4 assignment, cookie values written) for 50 running
 * experiments with realistic targeting, for new and for returning visitors.
 *   node --conditions=react-server --import tsx bench/experiments.ts [--iterations 20000]
 * (react-server: the module is server-only.) Prints one JSON line; times in milliseconds.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { NextRequest } from 'next/server';
import { experimentSchema, type Experiment } from '@checkout/core';
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

const percentiles = (values: number[]): Timing => {
  values.sort((a, b) => a - b);
  const at = (q: number) => Number((values[Math.floor(q * (values.length - 1))] ?? 0).toFixed(4));
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
};

/**
 * Wall time, and the CPU time the step itself used: on a shared, loaded machine the wall-time
 * tail is mostly waiting for a core, which the CPU time leaves out.
 */
function measure(cookie: string): { wall: Timing; cpu: Timing; redirects: number } {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let redirects = 0;
  for (let i = 0; i < iterations + 1000; i += 1) {
    // A new request each time, as the proxy gets: its cookie and query parsing are part of it.
    const request = new NextRequest(url, { headers: { cookie, 'user-agent': userAgent } });
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const result = requestExperiments(request, experiments, { country: 'DE', qa: false });
    const elapsed = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (i >= 1000) {
      times.push(elapsed);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (result.result.redirectTo) redirects += 1;
    }
  }
  return { wall: percentiles(times), cpu: percentiles(cpuTimes), redirects };
}

const newVisitor = measure('consent=granted');
// A returning visitor: what a first visit assigned, read back from the cookies.
const first = requestExperiments(
  new NextRequest(url, { headers: { cookie: 'consent=granted', 'user-agent': userAgent } }),
  experiments,
  { country: 'DE', qa: false },
);
const returning = measure(
  `consent=granted; experiment_local=${first.cookies?.experiment_local ?? ''}; experiment_global=${first.cookies?.experiment_global ?? ''}`,
);

console.log(
  JSON.stringify({
    bench: 'experiments',
    runningExperiments: experiments.length,
    iterations,
    newVisitorMs: newVisitor,
    returningVisitorMs: { ...returning, assigned: Object.keys(first.result.assignments).length },
    budgetP99Ms: 1,
    loadAverage: os.loadavg()[0],
  }),
);
