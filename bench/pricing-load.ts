/**
 * Pricing throughput: autocannon against getPackagePlans (the checkout's own query) and, in
 * the same run and on the same api process, against the liveness route as the ceiling.
 *   npx tsx bench/pricing-load.ts [--duration 20] [--connections 50]
 * Starts its own api on a throwaway PGlite database; prints one JSON line.
 * BENCH_API_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR" profiles the api under the load.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PACKAGE_PLANS_QUERY } from '../apps/web/src/lib/pricing-query';
import { startApi } from './api-process';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const duration = arg('duration', 20);
const connections = arg('connections', 50);
const dataDir = mkdtempSync(path.join(tmpdir(), 'pricing-bench-'));

function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error: Error | null, result) => (error ? reject(error) : resolve(result)));
  });
}

const summary = (r: autocannon.Result) => ({
  reqPerSec: Math.round(r.requests.average),
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  errors: r.errors + r.non2xx,
});

const api = await startApi({ PGLITE_DIR: dataDir, RATE_LIMIT_MAX: '100000000' }).catch(
  (error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  },
);
const base = api.base;
try {
  const body = JSON.stringify({
    query: PACKAGE_PLANS_QUERY,
    variables: { countryCode: 'DE', currencyCode: 'EUR', packageId: 'vpn-default', filters: {} },
  });
  const probe = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await probe.json()) as { errors?: unknown };
  if (answer.errors) throw new Error(`the query fails: ${JSON.stringify(answer.errors)}`);
  const pricingLoad = {
    url: `${base}/graphql`,
    method: 'POST' as const,
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql+json, application/json',
    },
    body,
    connections,
  };
  // Warm both routes so JIT and caches are comparable.
  await load({ url: `${base}/api/health/live/`, connections, duration: 3 });
  await load({ ...pricingLoad, duration: 3 });
  const ceiling = await load({ url: `${base}/api/health/live/`, connections, duration });
  const pricing = await load({ ...pricingLoad, duration });
  console.log(
    JSON.stringify({
      bench: 'pricing-load',
      database: 'pglite',
      connections,
      durationSeconds: duration,
      getPackagePlans: summary(pricing),
      ceiling: summary(ceiling),
      throughputRatio: Number((pricing.requests.average / ceiling.requests.average).toFixed(3)),
      responseBytes: Buffer.byteLength(
        await (
          await fetch(`${base}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          })
        ).text(),
      ),
    }),
  );
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
