/**
 * Analytics collector throughput: N concurrent browsers post batches of 20 events to
 * POST /api/events/ on an api backed by a throwaway PostgreSQL 15 cluster; prints events per
 * second, batch latency (p50, p99) and whether every accepted event was stored.
 *   npx tsx bench/events-load.ts [--browsers 32] [--duration 15] [--batch 20]
 * BENCH_API_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR" profiles the api under the load.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { postgresAvailable, startCluster } from '../apps/api/src/db/postgres-cluster';
import { startApi } from './api-process';
import { cpuMsOf, postgresCpuMs } from './process-cpu';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const browsers = arg('browsers', 32);
const duration = arg('duration', 15);
const batchSize = arg('batch', 20);

function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(base: string, path: string, body: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A realistic batch: a page's events with the §3 context they carry. */
function batchOf(browserId: string): string {
  const now = Date.now();
  const events = Array.from({ length: batchSize }, (_, i) => ({
    id: randomUUID(),
    event: i % 5 === 0 ? 'show' : i % 5 === 1 ? 'click' : 'plans_selected',
    time: now + i,
    page: '/payment/',
    section: 'plans',
    element: i % 5 === 1 ? 'period-1y' : null,
    context: {
      logged_in: false,
      page_language: 'en',
      currency: 'USD',
      consent_status: 'default',
      product_id: 1,
      plans: {
        displayed: [
          { identifier: 'vpn-basic-1y', product_id: 1 },
          { identifier: 'vpn-plus-1y', product_id: 1 },
        ],
        selected: { identifier: 'vpn-plus-1y', product_id: 1 },
      },
      payments: { loaded: ['adyen_card', 'paypal'], selected: 'adyen_card' },
    },
  }));
  return JSON.stringify({ browser_id: browserId, events });
}

if (!postgresAvailable()) {
  console.log(
    JSON.stringify({
      bench: 'events-load',
      skipped: 'PostgreSQL 15 server binaries not installed',
    }),
  );
  process.exit(0);
}
const cluster = await startCluster();
try {
  const api = await startApi({
    DATABASE_URL: cluster.socketUrl,
    EVENTS_RATE_LIMIT_MAX: '1000000000',
  });
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  // What a thousand events cost the api and the database server in CPU: steadier than events
  // per second on a shared, busy machine.
  const cpu = () => ({ api: cpuMsOf(api.pid), database: postgresCpuMs(cluster.dataDir) });
  const before = cpu();
  const started = Date.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: browsers }, async () => {
      const browserId = randomUUID();
      const cookie = `browser_id=${browserId}`;
      while (Date.now() < until) {
        const body = batchOf(browserId);
        const t0 = performance.now();
        const status = await post(api.base, '/api/events/', body, cookie).catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status === 202) accepted += batchSize;
        else refused += 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const after = cpu();
  await api.stop();
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const stored = await client.query<{ n: number }>(
    'select count(*)::int as n from analytics_events',
  );
  await client.end();
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'events-load',
      database: 'postgres',
      browsers,
      batchSize,
      durationSeconds: Number(seconds.toFixed(1)),
      events: accepted,
      eventsPerSecond: Math.round(accepted / seconds),
      batchP50Ms: Number(percentile(latencies, 50).toFixed(1)),
      batchP99Ms: Number(percentile(latencies, 99).toFixed(1)),
      refusedBatches: refused,
      storedEqualsAccepted: stored.rows[0]?.n === accepted,
      apiCpuMsPer1000Events: Number(((1000 * (after.api - before.api)) / accepted).toFixed(1)),
      databaseCpuMsPer1000Events: Number(
        ((1000 * (after.database - before.database)) / accepted).toFixed(1),
      ),
    }),
  );
} finally {
  cluster.stop();
}
