/**
 * Billing's recovery after a crash: N paid orders and N/20 refunded ones whose listener never
 * issued their documents (the process died first), drained by the billing sweep the api runs each
 * minute (sweepBilling), on a throwaway PostgreSQL and on PGlite. Prints one JSON line per
 * database: orders per second drained (documents issued and mails sent), issuing alone, sending
 * alone, and one sweep's time once nothing is missing. Compare with bench/payment-load.ts's paid
 * orders per second: the backlog must drain at least as fast as orders are paid.
 *   npx tsx bench/billing-backlog.ts [--orders 2000] [--only postgres|pglite]
 */
import { sql } from 'drizzle-orm';
import type { CartView, PaymentAction } from '@checkout/core';
import { queryRows, type Database } from '../apps/api/src/db/client';
import { postgresAvailable, startCluster } from '../apps/api/src/db/postgres-cluster';
import { sandboxMailer } from '../apps/api/src/mail/sandbox-mailbox';
import { planFactsFrom } from '../apps/api/src/modules/billing/issue';
import { sendDueMail, type OutboxDeps } from '../apps/api/src/modules/billing/send-due';
import { issueMissingDocuments, sweepBilling } from '../apps/api/src/modules/billing/sweep';
import { createTestApp, type TestApp } from '../apps/api/src/test-app';
import { testBrowser } from '../apps/api/src/test-browser';
import { postgresCpuMs } from './process-cpu';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const orders = arg('orders', 2000);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
/** No budget: each measured sweep runs until its backlog is gone. */
const UNBOUNDED_MS = 3_600_000;

/** One paid order bought through the api: the row the stranded orders copy. */
async function buyTemplate(t: TestApp): Promise<string> {
  const shopper = testBrowser(() => t.app);
  const cart = (
    await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email: 'b@gmail.com' },
    })
  ).json<CartView>();
  const { token } = (
    await shopper.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      payload: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'A B' },
    })
  ).json<{ token: string }>();
  const paid = await shopper.inject({
    method: 'POST',
    url: '/api/payments/',
    headers: { 'idempotency-key': 'billing-backlog-template' },
    payload: {
      cartId: cart.id,
      provider: 'adyen_card',
      returnPath: '/processing/',
      cardToken: token,
    },
  });
  if (paid.statusCode !== 201) throw new Error(`the template order was not paid: ${paid.body}`);
  return paid.json<PaymentAction>().orderId;
}

/** `count` copies of the template moved to `status` an hour ago, with their moves, no documents. */
async function strand(db: Database, template: string, count: number, status: string) {
  await queryRows(
    db,
    sql`with copies as (
      insert into orders (id, cart_id, status, email, currency, country, total_minor, tax_minor,
        snapshot, created_at, updated_at)
      select gen_random_uuid(), gen_random_uuid(), ${status}, 'backlog@gmail.com', currency,
        country, total_minor, tax_minor, snapshot, now() - interval '1 hour',
        now() - interval '1 hour'
      from orders, generate_series(1, ${count}) where id = ${template}
      returning id
    )
    insert into order_events (order_id, from_status, to_status, source, created_at)
    select id, 'new', 'paid', 'browser', now() - interval '1 hour' from copies
    union all
    select id, 'refund_due', 'refunded', 'refund', now() - interval '1 hour'
    from copies where ${status} = 'refunded'`,
  );
}

const perSecond = (count: number, ms: number) => Number(((count * 1000) / ms).toFixed(1));

/**
 * The work's result, wall time, and the CPU time of this process and of the PostgreSQL server
 * (when there is one): steadier than throughput on a shared machine.
 */
async function timed<T>(work: () => Promise<T>, dataDir?: string) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const database = dataDir ? postgresCpuMs(dataDir) : 0;
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    ms: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
    databaseCpuMs: dataDir ? postgresCpuMs(dataDir) - database : 0,
  };
}
const perUnit = (ms: number, count: number) => Number((ms / count).toFixed(2));

async function run(database: string, env: Record<string, string>, dataDir?: string) {
  const t = await createTestApp({ ...env, SANDBOX_WEBHOOK_DROP_RATE: '1' });
  try {
    const template = await buyTemplate(t);
    // The api stops (its job queue and listeners with it); its database stays for the sweeps.
    await t.app.close();
    const { db } = t.database;
    const planFacts = planFactsFrom(t.catalog);
    const outbox: OutboxDeps = {
      db,
      mailer: sandboxMailer(db),
      publicOrigin: 'http://localhost:3000',
      log: t.app.log,
    };
    const refunds = Math.ceil(orders / 20);
    const backlog = async () => {
      await strand(db, template, orders, 'paid');
      await strand(db, template, refunds, 'refunded');
    };
    // Apart: issuing every missing document, then sending every due mail.
    await backlog();
    const issuing = await timed(() => issueMissingDocuments(db, planFacts, t.app.log), dataDir);
    const sending = await timed(() => sendDueMail(outbox, { limit: Infinity }), dataDir);
    // Together, as the sweep runs them.
    await backlog();
    const sweep = await timed(() => sweepBilling(outbox, planFacts, UNBOUNDED_MS));
    const quiet = await timed(() => sweepBilling(outbox, planFacts, UNBOUNDED_MS));
    const [left] = await queryRows<{ documents: number; mails: number }>(
      db,
      sql`select
        (select count(*)::int from order_events e where e.to_status in ('paid', 'refunded')
          and not exists (select 1 from invoices i where i.order_id = e.order_id and i.kind =
            case e.to_status when 'paid' then 'invoice' else 'credit_note' end)) as documents,
        (select count(*)::int from mail_outbox where sent_at is null) as mails`,
    );
    return {
      database,
      backlogOrders: orders + refunds,
      sweepOrdersPerSecond: perSecond(orders + refunds, sweep.ms),
      issuedDocumentsPerSecond: perSecond(issuing.value, issuing.ms),
      sentMailsPerSecond: perSecond(sending.value, sending.ms),
      apiCpuMsPerDocument: perUnit(issuing.cpuMs, issuing.value),
      apiCpuMsPerMail: perUnit(sending.cpuMs, sending.value),
      ...(dataDir && {
        databaseCpuMsPerDocument: perUnit(issuing.databaseCpuMs, issuing.value),
        databaseCpuMsPerMail: perUnit(sending.databaseCpuMs, sending.value),
      }),
      quietSweepMs: Math.round(quiet.ms),
      documentsLeft: left?.documents,
      mailsLeft: left?.mails,
    };
  } finally {
    await t.database.close();
  }
}

if (only !== 'postgres')
  console.log(JSON.stringify({ bench: 'billing-backlog', ...(await run('pglite', {})) }));
if (only !== 'pglite' && postgresAvailable()) {
  const cluster = await startCluster();
  try {
    const result = await run('postgres', { DATABASE_URL: cluster.url }, cluster.dataDir);
    console.log(JSON.stringify({ bench: 'billing-backlog', ...result }));
  } finally {
    cluster.stop();
  }
}
