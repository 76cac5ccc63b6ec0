/**
 * Renewals per second on PostgreSQL: seeds N subscriptions due now (default 100,000), each with a
 * first paid order whose payment kept a sandbox card on file, starts 2 api processes (the compiled
 * api, as `npm start` runs it; their job queues run the renewal jobs), hands the queue renewal
 * jobs, kills one worker (SIGKILL) once a third is renewed, and waits for the other to finish.
 * Checks: no subscription charged twice, every one moved exactly one period. Prints one JSON line.
 *   npx tsx bench/renewals.ts [--subscriptions 100000] [--workers 2] [--no-kill]
 */
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { openDatabase } from '../apps/api/src/db/client';
import { postgresAvailable, startCluster } from '../apps/api/src/db/postgres-cluster';
import { prepareCatalog } from '../apps/api/src/modules/catalog/catalog';
import { YEARLY_VPN_ORDER } from '../apps/api/src/test-support/seeded-orders';
import { buildApiIfNeeded } from '../scripts/api-build.mjs';
import { startApi, type ApiProcess } from './api-process';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const total = arg('subscriptions', 100_000);
const workerCount = arg('workers', 2);
const kill = !process.argv.includes('--no-kill');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One paid first order per subscription, its payment's card on file, the subscription due now. */
async function seed(client: pg.Client): Promise<void> {
  await client.query(`insert into sandbox_saved_cards (method, brand, last4, expiry, outcome)
    values ('cof_bench', 'visa', '4242', '12/30', 'success')`);
  for (let from = 1; from <= total; from += 20_000) {
    const to = Math.min(total, from + 19_999);
    await client.query(
      `with seeded as (
        select gen_random_uuid() as order_id, gen_random_uuid() as payment_id, n
        from generate_series($1::int, $2::int) n
      ), placed as (
        insert into orders (id, cart_id, status, email, currency, country, total_minor, tax_minor, snapshot)
        select order_id, gen_random_uuid(), 'paid', 'bench' || n || '@example.com', 'EUR', 'DE',
          9199, 1469, $3::jsonb from seeded returning id
      ), paid as (
        insert into payments (id, order_id, provider, idempotency_key, request_hash, answer, saved_method)
        select payment_id, order_id, 'adyen_card', 'bench-' || n, 'bench', '{}'::jsonb, 'cof_bench'
        from seeded
      )
      insert into subscriptions (order_id, email, plan, status, currency, next_charge_at,
        next_charge_minor, period_interval, period_unit, anchor_at)
      select order_id, 'bench' || n || '@example.com', 'vpn-basic-1y', 'active', 'EUR',
        now() - interval '1 minute', 9199, 1, 'Year', now() - interval '1 year 1 minute'
      from seeded`,
      [from, to, YEARLY_VPN_ORDER],
    );
  }
}

/** One api process on the cluster, compiled as `npm start` runs it (bench/api-process.ts). */
function startWorker(url: string): Promise<ApiProcess> {
  return startApi({
    DATABASE_URL: url,
    SANDBOX_WEBHOOK_COPIES: '1',
    // A killed worker's claim runs out soon, so the other takes its rows within the run.
    RENEWAL_CLAIM_SECONDS: '5',
  });
}

async function main(): Promise<void> {
  if (!postgresAvailable()) throw new Error('needs PostgreSQL 15 (Debian postgresql-15)');
  const cluster = await startCluster();
  const workers: ApiProcess[] = [];
  try {
    const database = await openDatabase({
      databaseUrl: cluster.url,
      pgliteDir: '',
      prepare: prepareCatalog,
    });
    await database.close();
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const seeding = Date.now();
    await seed(client);
    const seededMs = Date.now() - seeding;
    // Built once, then started together (the database is migrated already).
    await buildApiIfNeeded('bench');
    workers.push(
      ...(await Promise.all(
        Array.from({ length: workerCount }, () => startWorker(cluster.socketUrl)),
      )),
    );
    const boss = new PgBoss({ connectionString: cluster.url, supervise: false, schedule: false });
    await boss.start();
    const renewed = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            `select count(*) as n from subscriptions where cycle > 1`,
          )
        ).rows[0]?.n,
      );
    const started = Date.now();
    // A job per worker and one spare; each works until nothing due is left unclaimed.
    for (let i = 0; i <= workerCount; i++) await boss.send('renewals', {});
    let killedAt: number | undefined;
    let done = 0;
    let last = 0;
    let stalledSince = Date.now();
    while (done < total && Date.now() - started < 15 * 60_000) {
      // Often enough to kill a worker between a third and the last: compiled, two workers renew
      // a test's 1,500 in about a second (a 250 ms look saw all 1,500 renewed at once).
      await sleep(25);
      done = await renewed();
      if (kill && killedAt === undefined && done >= total / 3 && workers.length > 1) {
        if (workers[0]?.pid !== undefined) process.kill(workers[0].pid, 'SIGKILL');
        killedAt = done;
      }
      if (done !== last) {
        last = done;
        stalledSince = Date.now();
      } else if (Date.now() - stalledSince > 3000) {
        // What the per-minute cron does in production: pick up rows a dead worker's claim held.
        await boss.send('renewals', {});
        stalledSince = Date.now();
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const doubles = await client.query<{ n: string }>(
      `select count(*) as n from (
        select o.subscription_id from orders o join payments p on p.order_id = o.id
        join sandbox_charges c on c.payment_id = p.id
        where o.subscription_id is not null and c.reported is not null
        group by o.subscription_id having count(*) > 1) twice`,
    );
    const moves = await client.query<{ once: string; other: string }>(
      `select count(*) filter (where cycle = 2 and renewed = 1) as once,
         count(*) filter (where not (cycle = 2 and renewed = 1)) as other
       from (select s.cycle, (select count(*) from subscription_events e
         where e.subscription_id = s.id and e.type = 'renewed') as renewed from subscriptions s) m`,
    );
    await boss.stop({ graceful: false });
    await client.end();
    console.log(
      JSON.stringify({
        bench: 'renewals',
        database: 'postgres',
        subscriptions: total,
        workers: workerCount,
        killedOneWorkerAfter: killedAt ?? null,
        seededSeconds: seededMs / 1000,
        seconds,
        renewalsPerSecond: Math.round(done / seconds),
        renewed: done,
        doubleCharges: Number(doubles.rows[0]?.n),
        movedExactlyOnce: Number(moves.rows[0]?.once),
        notMovedOrMovedTwice: Number(moves.rows[0]?.other),
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
