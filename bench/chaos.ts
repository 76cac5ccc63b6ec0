/**
 * Chaos: N shopper journeys (card, 3-D Secure, redirect, pending, declined) run concurrently
 * against a real api process while it is killed with SIGKILL at random moments M times and
 * restarted, and (on PostgreSQL) the database server is killed and restarted once. Shoppers
 * behave as the checkout does: a failed call is retried, a payment with the same Idempotency-Key
 * and body. Afterwards the orders are polled (a poll refreshes an order from its provider) until
 * they settle, the sweepers get their time, and the records are reconciled:
 *   lost        an order some client was shown that the database does not hold
 *   duplicated  a cart with more than one paid order, or an order with more than one subscription
 *   stuck       an order still new or pending
 *   unanswered  a paid order without its stored answer, or a paid card order without its card
 *
 * At least N journeys run, and more while the M kills are still to come.
 *   npx tsx bench/chaos.ts [--journeys 1000] [--concurrency 50] [--kills 5] [--duration 600]
 *     [--settle 120] [--only postgres|pglite]
 * The api is started with ORDER_EXPIRY_MINUTES=1 so that, where the abandoned-order sweep
 * exists, it runs; where it does not, a stuck order is reported as stuck.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  freePort,
  postgresAvailable,
  startCluster,
  type Cluster,
} from '../apps/api/src/db/postgres-cluster';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const journeyCount = arg('journeys', 1000);
const concurrency = arg('concurrency', 50);
const killCount = arg('kills', 5);
const durationS = arg('duration', 600);
const settleS = arg('settle', 120);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** The api under test, on a fixed port across restarts, as behind a load balancer. */
class Api {
  private child: ChildProcess | undefined;
  /** Exits nobody asked for (the api crashed by itself): restarted, and reported. */
  unexpectedExits = 0;
  readonly base: string;
  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  start(): void {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: {
        ...process.env,
        API_PORT: String(this.port),
        LOG_LEVEL: 'silent',
        RATE_LIMIT_MAX: '1000000000',
        // Thousands of shoppers from one machine with the same test cards: a load, not card testing.
        CARD_TESTING_DEFENCE: 'off',
        SANDBOX_WEBHOOK_COPIES: '2',
        SANDBOX_WEBHOOK_DELAY_MS: '300',
        SANDBOX_ASYNC_SETTLE_MS: '3000',
        PAYMENT_REFRESH_AFTER_MS: '2000',
        PAYMENT_START_LEASE_MS: '3000',
        ORDER_EXPIRY_MINUTES: '1',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const child = this.child;
    child.once('exit', () => {
      if (this.child !== child || child.signalCode === 'SIGKILL' || this.stopping) return;
      this.unexpectedExits++;
      this.start();
    });
  }
  private stopping = false;

  /** Milliseconds until /api/health/ answers 200 (the database reachable). */
  async waitHealthy(since = Date.now()): Promise<number> {
    for (;;) {
      try {
        const res = await fetch(`${this.base}/api/health/`);
        if (res.ok) return Date.now() - since;
      } catch {
        // not listening yet
      }
      if (Date.now() - since > 180_000) throw new Error('api not healthy after 180 s');
      await sleep(100);
    }
  }

  kill(): void {
    this.child?.kill('SIGKILL');
  }

  stop(): Promise<void> {
    const child = this.child;
    this.stopping = true;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((r) => {
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
type CookieJar = Map<string, string>;
interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP call; rejects on a network error (the api is down). */
function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  jar: CookieJar,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = jar.size ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const sent: Record<string, string> = { ...headers, ...(cookie ? { cookie } : {}) };
  if (payload) sent['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(url, base), { method, agent, headers: sent }, (res) => {
      for (const set of res.headers['set-cookie'] ?? []) {
        const [pair = ''] = set.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          // an HTML page or a redirect
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * As the checkout does: a call that met a dead api, a 5xx, or a payment "still being started"
 * is sent again (the same body, the same key) until it gets an answer.
 */
async function persist(
  attempt: () => Promise<Reply>,
  stats: { retries: number; fiveHundreds: number },
): Promise<Reply> {
  const until = Date.now() + 240_000;
  for (;;) {
    let reply: Reply | undefined;
    try {
      reply = await attempt();
    } catch {
      // connection refused or reset: the api is being restarted
    }
    const again =
      !reply ||
      reply.status >= 500 ||
      (reply.status === 409 &&
        String((reply.body.error as { message?: string } | undefined)?.message).includes(
          'still being',
        ));
    if (!again) return reply!;
    if (reply && reply.status >= 500) stats.fiveHundreds++;
    if (Date.now() > until) return reply ?? { status: 0, body: {} };
    stats.retries++;
    await sleep(rand(200, 600));
  }
}

const KINDS = ['card', '3ds', 'redirect', 'pending', 'declined'] as const;
type Kind = (typeof KINDS)[number];
const CARDS: Partial<Record<Kind, string>> = {
  card: '4242424242424242',
  '3ds': '4000000000003220',
  pending: '4000000000000259',
  declined: '4000000000000002',
};

interface Seen {
  kind: Kind;
  cartId: string;
  orderId: string;
  /** The status the client last saw. */
  status?: string;
}

async function journey(
  base: string,
  kind: Kind,
  stats: { retries: number; fiveHundreds: number; failed: number },
  seen: Seen[],
): Promise<void> {
  const jar: CookieJar = new Map();
  const cart = await persist(
    () =>
      call(base, 'POST', '/api/carts/', jar, {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        email: `chaos-${randomUUID()}@gmail.com`,
      }),
    stats,
  );
  const cartId = cart.body.id as string | undefined;
  if (!cartId) return void stats.failed++;
  const number = CARDS[kind];
  let cardToken: string | undefined;
  if (number) {
    const token = await persist(
      () =>
        call(base, 'POST', '/api/sandbox/tokens/', jar, {
          number,
          expiry: '12/30',
          cvc: '123',
          name: 'Chaos Monkey',
        }),
      stats,
    );
    cardToken = token.body.token as string | undefined;
    if (!cardToken) return void stats.failed++;
  }
  const key = randomUUID();
  const body = {
    cartId,
    provider: kind === 'redirect' ? 'paypal' : 'stripe',
    returnPath: '/processing/',
    cardToken,
  };
  const paid = await persist(
    () => call(base, 'POST', '/api/payments/', jar, body, { 'idempotency-key': key }),
    stats,
  );
  const orderId = paid.body.orderId as string | undefined;
  if (!orderId) return void stats.failed++;
  const record: Seen = { kind, cartId, orderId };
  seen.push(record);
  const url = paid.body.url as string | undefined;
  if (paid.body.type === 'redirect' && url) {
    // The shopper approves on the provider's page (or the 3-D Secure challenge).
    await persist(() => call(base, 'POST', url, jar, { intent: 'approve' }), stats);
  }
  const order = await persist(() => call(base, 'GET', `/api/orders/${orderId}/`, jar), stats);
  record.status = order.body.status as string | undefined;
  // The cookie jar is kept for the reconciliation's polls.
  jars.set(orderId, jar);
}
const jars = new Map<string, CookieJar>();

interface Row {
  id: string;
  cart_id: string;
  status: string;
  answered: boolean;
  card_last4: string | null;
  subscriptions: number;
  /** The order's moves, for a report on what went wrong. */
  events: string | null;
}
const RECONCILE_SQL = `
  select o.id, o.cart_id, o.status, p.answer is not null as answered, p.card_last4,
    (select count(*)::int from subscriptions s where s.order_id = o.id) as subscriptions,
    (select string_agg(e.to_status || ':' || e.source, ',' order by e.id)
      from order_events e where e.order_id = o.id) as events
  from orders o left join payments p on p.order_id = o.id`;

async function run(database: 'postgres' | 'pglite') {
  let cluster: Cluster | undefined;
  let dir: string | undefined;
  const env: Record<string, string> = {};
  if (database === 'postgres') {
    cluster = await startCluster();
    env.DATABASE_URL = cluster.url;
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'chaos-pglite-'));
    env.PGLITE_DIR = dir;
  }
  const api = new Api(await freePort(), env);
  try {
    api.start();
    const firstHealthyMs = await api.waitHealthy();
    const stats = { retries: 0, fiveHundreds: 0, failed: 0 };
    const seen: Seen[] = [];
    const timeToHealthyMs: number[] = [];
    let dbRestart: { downMs: number; timeToHealthyMs: number } | undefined;
    let kills = 0;
    let next = 0;
    // Shoppers go on past N journeys until the chaos has had its M kills: kills that land on an
    // idle api prove nothing (the last run's kills stopped when the journeys did).
    let chaosDone = false;
    const started = Date.now();
    const inTime = () => Date.now() - started < durationS * 1000;
    const shoppers = Promise.all(
      Array.from({ length: concurrency }, async () => {
        while ((next < journeyCount || !chaosDone) && inTime()) {
          const kind = KINDS[next++ % KINDS.length]!;
          await journey(api.base, kind, stats, seen).catch(() => void stats.failed++);
        }
      }),
    );
    // The chaos: a SIGKILL at a random moment, a restart, again; the database once midway.
    const chaos = (async () => {
      while (kills < killCount && inTime()) {
        await sleep(rand(500, 2500));
        api.kill();
        kills++;
        const killedAt = Date.now();
        await sleep(rand(0, 500));
        api.start();
        timeToHealthyMs.push(await api.waitHealthy(killedAt));
        if (cluster && !dbRestart && kills >= Math.ceil(killCount / 2)) {
          await sleep(rand(500, 1500));
          const downAt = Date.now();
          cluster.kill();
          await sleep(1000);
          cluster.start();
          const downMs = Date.now() - downAt;
          dbRestart = { downMs, timeToHealthyMs: await api.waitHealthy(downAt) };
        }
      }
    })().finally(() => {
      chaosDone = true;
    });
    await Promise.all([shoppers, chaos]);
    const journeySeconds = (Date.now() - started) / 1000;

    // Settle: poll every order a client saw (as its processing page does) until none waits.
    const settleStart = Date.now();
    let waiting = seen.filter((s) => s.status !== 'paid');
    while (waiting.length && Date.now() - settleStart < settleS * 1000) {
      for (const s of waiting) {
        const reply = await call(
          api.base,
          'GET',
          `/api/orders/${s.orderId}/`,
          jars.get(s.orderId) ?? new Map<string, string>(),
        ).catch(() => undefined);
        if (reply?.body.status) s.status = reply.body.status as string;
      }
      waiting = seen.filter((s) => s.status === 'new' || s.status === 'pending');
      if (waiting.length) await sleep(1000);
    }
    // The sweepers (stranded starts; abandoned orders where present) get one more period.
    await sleep(4000);
    const settleSeconds = (Date.now() - settleStart) / 1000;

    let rows: Row[];
    if (cluster) {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      rows = (await client.query<Row>(RECONCILE_SQL)).rows;
      await client.end();
      await api.stop();
    } else {
      await api.stop();
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create(dir);
      rows = (await db.query<Row>(RECONCILE_SQL)).rows;
      await db.close();
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const paidPerCart = new Map<string, number>();
    for (const r of rows) {
      if (r.status === 'paid') paidPerCart.set(r.cart_id, (paidPerCart.get(r.cart_id) ?? 0) + 1);
    }
    const cardOrders = new Set(seen.filter((s) => s.kind !== 'redirect').map((s) => s.orderId));
    const lost = seen.filter((s) => !byId.has(s.orderId)).map((s) => s.orderId);
    const duplicated =
      [...paidPerCart.values()].filter((n) => n > 1).length +
      rows.filter((r) => r.subscriptions > 1).length;
    const stuck = rows.filter((r) => r.status === 'new' || r.status === 'pending');
    const unanswered = rows.filter(
      (r) => r.status === 'paid' && (!r.answered || (cardOrders.has(r.id) && !r.card_last4)),
    );
    const statuses: Record<string, number> = {};
    for (const r of rows) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return {
      database,
      journeys: seen.length,
      journeysFailed: stats.failed,
      journeySeconds: Number(journeySeconds.toFixed(1)),
      kills,
      apiCrashes: api.unexpectedExits,
      dbRestart: dbRestart ?? null,
      firstStartMs: firstHealthyMs,
      timeToHealthyMs,
      clientRetries: stats.retries,
      answers5xx: stats.fiveHundreds,
      orders: rows.length,
      statuses,
      lost: lost.length,
      duplicated,
      stuck: stuck.length,
      stuckOrders: stuck.slice(0, 10).map((r) => `${r.id}:${r.status}`),
      unanswered: unanswered.length,
      unansweredOrders: unanswered.slice(0, 10).map((r) => ({
        kind: seen.find((x) => x.orderId === r.id)?.kind,
        answered: r.answered,
        last4: r.card_last4,
        events: r.events,
      })),
      settleSeconds: Number(settleSeconds.toFixed(1)),
    };
  } finally {
    await api.stop();
    cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

const results: unknown[] = [];
if (only !== 'pglite') {
  results.push(
    postgresAvailable()
      ? await run('postgres')
      : { database: 'postgres', skipped: 'PostgreSQL 15 server binaries not installed' },
  );
}
if (only !== 'postgres') results.push(await run('pglite'));
console.log(JSON.stringify({ bench: 'chaos', journeysAsked: journeyCount, results }, null, 2));
agent.destroy();
