/**
 * Paid orders per second: N concurrent shoppers each create a cart, turn a success card into a
 * token at the sandbox gateway's card fields endpoint, pay with it (Idempotency-Key) and read
 * the order back.
 * Runs on embedded PGlite and, when Debian's PostgreSQL 15 is installed, on a throwaway cluster.
 *   npx tsx bench/payment-load.ts [--shoppers 50] [--duration 20] [--workers 1] [--only postgres]
 *     [--tracing-cost [--rounds 6]] [--baseline REF [--rounds 6]] [--profile]
 * With --workers N, N api processes (stateless) share the database and the shoppers.
 * With --tracing-cost, two apis run side by side, one with tracing off and one exporting every
 * span (TRACING_SAMPLE_RATE=1) to a local OTLP sink; the load alternates between them round by
 * round (off/on, then on/off, …), so the machine's noise weighs on both alike, and the JSON gives
 * both throughputs and their ratio.
 * With --baseline REF, the api of commit REF (checked out in a temporary git worktree,
 * bench/baseline-checkout.ts) runs beside this one, each on its own database, alternating the
 * same way; the JSON gives both sides' paid orders/s and the ratio now/baseline, and on
 * PostgreSQL each side's statements and commits per paid order (bench/statement-counts.ts).
 * After each round the side's api finishes what its orders left to its jobs (notifications,
 * receipts) before the other side's round starts: without that, one side's receipts were printed
 * during the other's rounds and slowed it. The time that took (at least half a second a round) is
 * `drainSeconds`; `sustainedPaidOrdersPerSecond` counts it in, and `sustainedThroughputRatio` is
 * the ratio of those: what the side sustains with its deferred work included.
 * Run mode: every api here, both sides alike, runs in the api's development mode (NODE_ENV
 * development and DEPLOY_ENV local, whatever the shell says) with the card-testing defence off.
 * Production mode cannot run this load: beside secrets (which a bench could generate at random)
 * it requires the defence on, and with it on the card fields refuse a card's 21st token in an
 * hour and an address's 121st (TOKEN_LIMITS), which is the defence doing its job against one
 * address entering one test card thousands of times; dodging it with a fresh card and address
 * per order would measure another path (four statements more on the shopper's requests,
 * paid-order-statements.test.ts). What development mode costs the side that mails receipts and
 * production does not: React's development build renders each receipt mail
 * (bench/receipt-mail.ts, en: 1.6 against 0.8 ms per mail with NODE_ENV=production, one run at
 * load average 6). Mail goes over SMTP as in production (SMTP_URL, each api to its own
 * bench/smtp-sink.ts), not into the sandbox mailbox's tables in the database under test; the
 * alternating rounds count each side's messages and wait for its last receipts before taking
 * the CPU times. 1a64926 mails no receipt.
 * --profile (with --baseline, on PostgreSQL) prints each side's statements per request kind, the
 * statements that took its database server the most time, and the tables it read by scanning
 * them whole (an index missing shows there: migration 0042).
 * BENCH_API_NODE_FLAGS passes Node flags to the api, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresAvailable, startCluster, type Cluster } from '../apps/api/src/db/postgres-cluster';
import { startApi, type ApiOptions, type ApiProcess } from './api-process';
import { checkoutBaseline, type BaselineCheckout } from './baseline-checkout';
import { startOtlpSink } from './otlp-sink';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { cpuMsOf, postgresCpuMs } from './process-cpu';
import {
  diffRequestCounts,
  PG_STAT_STATEMENTS_SETTINGS,
  readRequestCounts,
  requestCounterFlags,
  statementCounter,
  type Counts,
  type ProviderCounts,
  type RequestCounts,
} from './statement-counts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const shoppers = arg('shoppers', 50);
const duration = arg('duration', 20);
const workers = arg('workers', 1);
// Each notification twice, as the sandbox ships (SANDBOX_WEBHOOK_COPIES) and as providers
// retry: the deduplication is part of the cost of a paid order.
const webhookCopies = process.env.SANDBOX_WEBHOOK_COPIES ?? '2';
const tracingCost = process.argv.includes('--tracing-cost');
const rounds = arg('rounds', 6);
const baselineAt = process.argv.indexOf('--baseline');
/** The commit to compare this checkout with (--baseline REF). */
const baselineRef = baselineAt > 0 ? process.argv[baselineAt + 1] : undefined;
const onlyAt = process.argv.indexOf('--only');
/** Run one database only: pglite or postgres. */
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

function percentile(sorted: number[], p: number): number {
  return sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
    : 0;
}

/** A light keep-alive HTTP client, so the load generator leaves the CPU to the system under test. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/**
 * One shopper's cookies, kept as a browser keeps them: a cart answers only the browser that
 * created it (its binding cookie).
 */
type CookieJar = Map<string, string>;
function call<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  jar?: CookieJar,
): Promise<T> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = jar?.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const sent = { ...headers, ...(cookie ? { cookie } : {}) };
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: payload ? { 'content-type': 'application/json', ...sent } : sent,
      },
      (response) => {
        for (const set of response.headers['set-cookie'] ?? []) {
          const [pair = ''] = set.split(';');
          const at = pair.indexOf('=');
          if (at > 0) jar?.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function buyOnce(base: string): Promise<{ orderId: string; cartId: string; paid: boolean }> {
  const jar: CookieJar = new Map();
  const cart = await call<{ id: string }>(
    base,
    'POST',
    '/api/carts/',
    {
      mainPlan: 'vpn-basic-1y',
      currency: 'USD',
      country: 'US',
      email: `load-${randomUUID()}@gmail.com`,
    },
    {},
    jar,
  );
  const card = await call<{ token: string }>(base, 'POST', '/api/sandbox/tokens/', {
    number: '4242424242424242',
    expiry: '12/30',
    cvc: '123',
    name: 'Load Test',
  });
  const action = await call<{ orderId: string }>(
    base,
    'POST',
    '/api/payments/',
    { cartId: cart.id, provider: 'adyen_card', returnPath: '/processing/', cardToken: card.token },
    { 'idempotency-key': randomUUID() },
    jar,
  );
  const order = await call<{ status: string }>(
    base,
    'GET',
    `/api/orders/${action.orderId}/`,
    undefined,
    {},
    jar,
  );
  return { orderId: action.orderId, cartId: cart.id, paid: order.status === 'paid' };
}

interface Server {
  /** postgres://… over TCP, for the bench's own read-back. */
  url: string;
  dataDir: string;
}

/** Transactions committed in the database so far (each statement outside one counts as one). */
async function commits(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select xact_commit::int as n from pg_stat_database where datname = current_database()',
  );
  return rows[0]?.n ?? 0;
}

interface Tally {
  seconds: number;
  /** After the load of each round, until the api was done with what its orders left (drained). */
  drainSeconds: number;
  latencies: number[];
  orders: { orderId: string; cartId: string; paid: boolean }[];
  failures: number;
}

/** The shoppers buy against these apis for this long, adding to the tally. */
async function load(apis: { base: string }[], seconds: number, tally: Tally): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, shopper) => {
      const base = apis[shopper % apis.length]!.base;
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          tally.orders.push(await buyOnce(base));
          tally.latencies.push(performance.now() - t0);
        } catch {
          tally.failures++;
        }
      }
    }),
  );
  tally.seconds += (Date.now() - started) / 1000;
}

const newTally = (): Tally => ({
  seconds: 0,
  drainSeconds: 0,
  latencies: [],
  orders: [],
  failures: 0,
});

function summary(tally: Tally) {
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const paid = tally.orders.filter((o) => o.paid).length;
  return {
    durationSeconds: Number(tally.seconds.toFixed(1)),
    paidOrders: paid,
    paidOrdersPerSecond: Number((paid / tally.seconds).toFixed(1)),
    flowP50Ms: Math.round(percentile(latencies, 50)),
    flowP99Ms: Math.round(percentile(latencies, 99)),
    lost: tally.orders.filter((o) => !o.paid).length + tally.failures,
    ...(tally.drainSeconds > 0 && {
      drainSeconds: Number(tally.drainSeconds.toFixed(1)),
      // With the time the api took after each round for its orders' notifications and receipts.
      sustainedPaidOrdersPerSecond: Number(
        (paid / (tally.seconds + tally.drainSeconds)).toFixed(1),
      ),
    }),
  };
}

/**
 * Waits until an api is done with what the load left it (notifications, receipts): its CPU under
 * a tenth of a core for half a second, at most a minute. Answers how long that took, in seconds.
 */
async function drained(api: ApiProcess): Promise<number> {
  const started = performance.now();
  let last = cpuMsOf(api.pid);
  while (performance.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = cpuMsOf(api.pid);
    if (now - last < 50) break;
    last = now;
  }
  return (performance.now() - started) / 1000;
}

/** A bench's api with the SMTP server it hands its mail to, as production does (SMTP_URL). */
interface BenchApi extends ApiProcess {
  mail: SmtpSink;
}

/**
 * An api for the bench: development mode whatever the shell says (see the run mode above), card
 * testing off (one machine, thousands of shoppers, same cards), mail to its own SMTP sink.
 */
async function startBenchApi(env: Record<string, string>, options?: ApiOptions): Promise<BenchApi> {
  const mail = await startSmtpSink();
  try {
    const api = await startApi(
      {
        NODE_ENV: 'development',
        DEPLOY_ENV: 'local',
        CARD_TESTING_DEFENCE: 'off',
        SANDBOX_WEBHOOK_COPIES: webhookCopies,
        SMTP_URL: mail.url,
        ...env,
      },
      options,
    );
    return { ...api, mail, stop: () => api.stop().then(() => mail.close()) };
  } catch (error) {
    await mail.close();
    throw error;
  }
}

/**
 * Waits until the apis' mail stops coming (no message for 2 s, at most a minute): the receipts of
 * the last orders, which their jobs send after the payment's answer, are part of those orders'
 * cost.
 */
async function mailSettled(apis: BenchApi[]): Promise<void> {
  const sent = () => apis.reduce((sum, api) => sum + api.mail.messages, 0);
  const until = Date.now() + 60_000;
  for (let last = -1; sent() !== last && Date.now() < until;) {
    last = sent();
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function run(database: string, env: Record<string, string>, server?: Server) {
  // PGlite lives inside one process; only a database server can be shared by several.
  const count = server ? workers : 1;
  const apis = await Promise.all(Array.from({ length: count }, () => startBenchApi(env)));
  const api = apis[0];
  if (!api) throw new Error('no api');
  const tally = newTally();
  await buyOnce(api.base); // warm-up
  const client = server ? new pg.Client({ connectionString: server.url }) : undefined;
  await client?.connect();
  // What each paid order costs the api processes and the database server, in CPU and commits.
  const cpu = () => ({
    api: apis.reduce((sum, a) => sum + cpuMsOf(a.pid), 0),
    database: server ? postgresCpuMs(server.dataDir) : 0,
  });
  // The server's statistics reach pg_stat_database within a second of a commit.
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  if (client) await pause(1000);
  const before = { cpu: cpu(), commits: client ? await commits(client) : 0 };
  await load(apis, duration, tally);
  const { orders } = tally;
  // Notifications arrive after the browser's return; give them time, then count from the records.
  await pause(3000);
  const after = { cpu: cpu(), commits: client ? await commits(client) : 0 };
  let duplicates = orders.length - new Set(orders.map((o) => o.cartId)).size;
  if (client) {
    const dup = await client.query<{ n: number }>(
      'select count(*)::int as n from (select cart_id from orders group by cart_id having count(*) > 1) d',
    );
    const subs = await client.query<{ n: number }>(
      'select count(*)::int as n from (select order_id from subscriptions group by order_id having count(*) > 1) s',
    );
    duplicates += (dup.rows[0]?.n ?? 0) + (subs.rows[0]?.n ?? 0);
    await client.end();
  }
  await Promise.all(apis.map((a) => a.stop()));
  const { lost, ...figures } = summary(tally);
  const perOrder = (n: number) =>
    figures.paidOrders ? Number((n / figures.paidOrders).toFixed(2)) : null;
  return {
    database,
    apiProcesses: count,
    webhookCopies: Number(webhookCopies),
    shoppers,
    ...figures,
    duplicates,
    lost,
    // Includes the notifications that arrived in the 3 s after the load.
    apiCpuMsPerOrder: perOrder(after.cpu.api - before.cpu.api),
    ...(server && {
      databaseCpuMsPerOrder: perOrder(after.cpu.database - before.cpu.database),
      commitsPerOrder: perOrder(after.commits - before.commits),
    }),
  };
}

/**
 * Two apis under the same load in turn, round by round (a, b, then b, a, …), so the machine's
 * noise weighs on both alike: each side's tally and the CPU time its api spent, and its
 * database server's when each side has its own (`servers`).
 */
async function alternate(apis: { a: BenchApi; b: BenchApi }, servers?: { a: Cluster; b: Cluster }) {
  const tallies = { a: newTally(), b: newTally() };
  const cpu = { a: 0, b: 0 };
  const databaseCpu = { a: 0, b: 0 };
  const serverCpu = (side: 'a' | 'b') => (servers ? postgresCpuMs(servers[side].dataDir) : 0);
  for (const side of ['a', 'b'] as const) {
    await buyOnce(apis[side].base);
    await load([apis[side]], 2, newTally()); // warm: JIT, statement caches
    await drained(apis[side]);
  }
  cpu.a = -cpuMsOf(apis.a.pid);
  cpu.b = -cpuMsOf(apis.b.pid);
  databaseCpu.a = -serverCpu('a');
  databaseCpu.b = -serverCpu('b');
  const mails = { a: -apis.a.mail.messages, b: -apis.b.mail.messages };
  const seconds = duration / rounds;
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
    for (const side of order) {
      await load([apis[side]], seconds, tallies[side]);
      // What the side's orders left for later (its jobs) runs before the other side's round, not
      // during it.
      tallies[side].drainSeconds += await drained(apis[side]);
    }
  }
  // Notifications of the last round still arrive, and receipts; then what each api spent, in CPU
  // time.
  await new Promise((r) => setTimeout(r, 3000));
  await mailSettled([apis.a, apis.b]);
  mails.a += apis.a.mail.messages;
  mails.b += apis.b.mail.messages;
  cpu.a += cpuMsOf(apis.a.pid);
  cpu.b += cpuMsOf(apis.b.pid);
  databaseCpu.a += serverCpu('a');
  databaseCpu.b += serverCpu('b');
  const figures = { a: summary(tallies.a), b: summary(tallies.b) };
  const perOrder = (ms: number, side: 'a' | 'b') =>
    Number((ms / Math.max(1, figures[side].paidOrders)).toFixed(2));
  const sideFigures = (side: 'a' | 'b') => ({
    ...figures[side],
    apiCpuMsPerPaidOrder: perOrder(cpu[side], side),
    // The receipts handed to SMTP in the window (1a64926 mails none).
    mailsPerPaidOrder: perOrder(mails[side], side),
    ...(servers && { databaseCpuMsPerPaidOrder: perOrder(databaseCpu[side], side) }),
  });
  return { a: sideFigures('a'), b: sideFigures('b') };
}

/**
 * Throughput with tracing off and on (sample rate 1), one api each on its own database, the
 * load alternating between them; cost = 1 − on/off.
 */
async function runTracingCost(
  database: string,
  envFor: (mode: 'off' | 'on') => Record<string, string>,
) {
  const sink = await startOtlpSink();
  const off = await startBenchApi(envFor('off'));
  const on = await startBenchApi({
    ...envFor('on'),
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    TRACING_SAMPLE_RATE: '1',
  });
  let figures: Awaited<ReturnType<typeof alternate>>;
  try {
    figures = await alternate({ a: off, b: on });
  } finally {
    await Promise.all([off.stop(), on.stop()]);
    sink.close();
  }
  const { a: tracingOff, b: tracingOn } = figures;
  const ratio = tracingOn.paidOrdersPerSecond / tracingOff.paidOrdersPerSecond;
  return {
    database,
    shoppers,
    rounds,
    tracingOff,
    tracingOn: { ...tracingOn, exportedBatches: sink.batches, exportedBytes: sink.bytes },
    throughputRatio: Number(ratio.toFixed(3)),
    tracingCostPercent: Number(((1 - ratio) * 100).toFixed(1)),
    // The api's CPU time per paid order: what tracing costs where the api is the bottleneck,
    // steadier than throughput on a machine shared with other work.
    cpuCostPercent: Number(
      ((tracingOn.apiCpuMsPerPaidOrder / tracingOff.apiCpuMsPerPaidOrder - 1) * 100).toFixed(1),
    ),
  };
}

/** Orders bought for the statement and commit counts, after the timed rounds. */
const COUNTED_ORDERS = 100;
/** Print each request kind's statements per paid order to stderr (--profile). */
const profile = process.argv.includes('--profile');

/** The requests a shopper makes for one paid order (buyOnce), as request-statements.mjs names them. */
const SHOPPER_REQUESTS =
  /^(POST \/api\/carts\/|POST \/api\/sandbox\/tokens\/|POST \/api\/payments\/|GET \/api\/orders\/:id\/)$/;

/**
 * Statements and commits per paid order split three ways: the shopper's own requests, the other
 * requests (the provider's notifications) and the background (jobs and the queue's polling).
 * `commitsPerPaidOrder` counts every COMMIT and every statement outside a transaction (a read on
 * its own included); `writeCommitsPerPaidOrder` only those that wrote, which are the ones that
 * flush the WAL. The shopper's part is split again into ours and the sandbox gateway's
 * (`provider`: its own tables and its notification jobs, a real provider's work in its systems).
 */
function splitPerOrder(counts: RequestCounts, paid: number, side: string) {
  const zero = () => ({ statements: 0, commits: 0, writeCommits: 0 });
  const parts = {
    shopper: { ...zero(), provider: zero() },
    otherRequests: { ...zero(), provider: zero() },
    background: { ...zero(), provider: zero() },
  };
  const per = (n: number) => Number((n / paid).toFixed(2));
  const add = (to: ProviderCounts, from: ProviderCounts) => {
    to.statements += from.statements;
    to.commits += from.commits;
    to.writeCommits += from.writeCommits;
  };
  for (const [kind, entry] of Object.entries(counts)) {
    const part =
      kind === 'background'
        ? parts.background
        : SHOPPER_REQUESTS.test(kind)
          ? parts.shopper
          : parts.otherRequests;
    add(part, entry);
    add(part.provider, entry.provider);
    if (!profile) continue;
    console.error(
      `[profile ${side}] ${kind}: ${entry.requests} requests, ${per(entry.statements)} statements, ${per(entry.commits)} commits of which ${per(entry.writeCommits)} wrote, per paid order`,
    );
    const texts = Object.entries(entry.texts).sort((a, b) => b[1] - a[1]);
    for (const [text, n] of texts) console.error(`    ${per(n).toFixed(2)}  ${text}`);
  }
  const perPart = (p: ProviderCounts) => ({
    statementsPerPaidOrder: per(p.statements),
    commitsPerPaidOrder: per(p.commits),
    writeCommitsPerPaidOrder: per(p.writeCommits),
  });
  const withOurs = (p: ProviderCounts & { provider: ProviderCounts }) => ({
    ...perPart(p),
    ours: perPart({
      statements: p.statements - p.provider.statements,
      commits: p.commits - p.provider.commits,
      writeCommits: p.writeCommits - p.provider.writeCommits,
    }),
    provider: perPart(p.provider),
  });
  return {
    shopper: withOurs(parts.shopper),
    otherRequests: withOurs(parts.otherRequests),
    background: withOurs(parts.background),
  };
}

interface CountedApi extends BenchApi {
  /** Where its preloaded counter writes (request-statements.mjs). */
  countsFile: string;
}

/**
 * What the database did per paid order on one side, alone on the machine: COUNTED_ORDERS
 * orders by 10 shoppers, then the notifications and jobs they cause (3 s).
 */
async function countPerOrder(api: CountedApi, url: string, side: string) {
  const counter = await statementCounter(url);
  const requestCounts = () => readRequestCounts(api.pid!, api.countsFile);
  try {
    const before: Counts = await counter.read();
    const requestsBefore = await requestCounts();
    const tally = newTally();
    let left = COUNTED_ORDERS;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (left-- > 0) tally.orders.push(await buyOnce(api.base));
      }),
    );
    await new Promise((r) => setTimeout(r, 3000));
    const after = await counter.read();
    const requestsAfter = await requestCounts();
    const paid = tally.orders.filter((o) => o.paid).length;
    if (profile) {
      // Over the whole run (the timed rounds too): where the database server's time went.
      console.error(`[profile ${side}] database time by statement, whole run:`);
      for (const row of await counter.slowest(15))
        console.error(
          `    ${row.total_ms.toFixed(0).padStart(7)} ms ${String(row.calls).padStart(7)} calls ` +
            `${((row.total_ms / row.calls) * 1000).toFixed(0).padStart(6)} µs  ` +
            row.query.replace(/\s+/g, ' ').slice(0, 140),
        );
      console.error(`[profile ${side}] tables scanned whole, whole run:`);
      for (const row of await counter.scanned(10))
        console.error(
          `    ${String(row.rows_read).padStart(10)} rows ${String(row.scans).padStart(7)} scans  ${row.table}`,
        );
    }
    return {
      countedPaidOrders: paid,
      statementsPerPaidOrder: Number(((after.statements - before.statements) / paid).toFixed(1)),
      commitsPerPaidOrder: Number(((after.commits - before.commits) / paid).toFixed(1)),
      ...splitPerOrder(diffRequestCounts(requestsBefore, requestsAfter), paid, side),
    };
  } finally {
    await counter.close();
  }
}

/**
 * This checkout against commit REF, alternating; on PostgreSQL each side has its own cluster
 * (`servers`): its CPU time is measured, and its statements and commits per paid order are
 * counted after the timed rounds.
 */
async function runBaseline(
  database: string,
  baseline: BaselineCheckout,
  envFor: (side: 'now' | 'baseline') => Record<string, string>,
  servers?: { now: Cluster; baseline: Cluster },
) {
  const urls = servers && { now: servers.now.url, baseline: servers.baseline.url };
  const runs = existsSync(path.join(baseline.dir, 'scripts/api-build.mjs')) ? 'compiled' : 'tsx';
  // On PostgreSQL each api counts its statements by request (bench/request-statements.mjs).
  const counted = async (side: string, options: ApiOptions = {}): Promise<CountedApi> => {
    const countsFile = path.join(tmpdir(), `payment-bench-${side}-${process.pid}.json`);
    const api = await startBenchApi(
      { ...envFor(side as 'now' | 'baseline'), ...(urls && { BENCH_STATEMENTS_FILE: countsFile }) },
      { ...options, nodeFlags: urls ? requestCounterFlags : [] },
    );
    return { ...api, countsFile };
  };
  const now = await counted('now');
  let before: CountedApi | undefined;
  try {
    before = await counted('baseline', { cwd: baseline.dir, runs });
    const { a, b } = await alternate(
      { a: now, b: before },
      servers && { a: servers.now, b: servers.baseline },
    );
    const counts = urls && {
      now: await countPerOrder(now, urls.now, 'now'),
      baseline: await countPerOrder(before, urls.baseline, 'baseline'),
    };
    return {
      database,
      shoppers,
      rounds,
      now: { ...a, startMs: now.startMs, ...counts?.now },
      baseline: {
        commit: baseline.commit,
        runs,
        ...b,
        startMs: before.startMs,
        ...counts?.baseline,
      },
      throughputRatio: Number((a.paidOrdersPerSecond / b.paidOrdersPerSecond).toFixed(3)),
      sustainedThroughputRatio: Number(
        ((a.sustainedPaidOrdersPerSecond ?? 0) / (b.sustainedPaidOrdersPerSecond ?? 1)).toFixed(3),
      ),
    };
  } finally {
    await Promise.all([now.stop(), before?.stop()]);
  }
}

const results: unknown[] = [];
const baseline = baselineRef ? checkoutBaseline(baselineRef) : undefined;
if (baseline) {
  const { differingPackages } = baseline;
  console.error(
    `[bench] baseline ${baseline.commit} in ${baseline.dir}; node_modules hard-linked from this ` +
      `checkout, ${differingPackages.length} packages at another version than its lockfile's` +
      (differingPackages.length ? ` (${differingPackages.slice(0, 8).join(', ')}, …)` : ''),
  );
}
// The baseline's worktree goes, whatever happens.
try {
  if (only !== 'postgres') {
    const dirs: string[] = [];
    const dir = () => {
      dirs.push(mkdtempSync(path.join(tmpdir(), 'payment-bench-')));
      return dirs.at(-1)!;
    };
    try {
      results.push(
        baseline
          ? await runBaseline('pglite', baseline, () => ({ PGLITE_DIR: dir() }))
          : tracingCost
            ? await runTracingCost('pglite', () => ({ PGLITE_DIR: dir() }))
            : await run('pglite', { PGLITE_DIR: dir() }),
      );
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite' && postgresAvailable()) {
    // With --tracing-cost, a database (cluster) for each api, so neither's rows slow the other.
    const clusters: Awaited<ReturnType<typeof startCluster>>[] = [];
    try {
      if (baseline) {
        const start = () => startCluster(PG_STAT_STATEMENTS_SETTINGS);
        clusters.push(await start(), await start());
        const [now, before] = clusters as [Cluster, Cluster];
        results.push(
          await runBaseline(
            'postgres',
            baseline,
            (side) => ({ DATABASE_URL: (side === 'now' ? now : before).socketUrl }),
            { now, baseline: before },
          ),
        );
      } else if (tracingCost) {
        clusters.push(await startCluster(), await startCluster());
        results.push(
          await runTracingCost('postgres', (mode) => ({
            DATABASE_URL: clusters[mode === 'off' ? 0 : 1]!.socketUrl,
          })),
        );
      } else {
        clusters.push(await startCluster());
        results.push(await run('postgres', { DATABASE_URL: clusters[0]!.socketUrl }, clusters[0]));
      }
    } finally {
      for (const cluster of clusters) cluster.stop();
    }
  } else if (only !== 'pglite') {
    results.push({
      database: 'postgres',
      skipped: 'PostgreSQL 15 server binaries not installed (apt-get install -y postgresql-15)',
    });
  }
} finally {
  baseline?.remove();
}
console.log(JSON.stringify({ bench: 'payment-load', results }));
