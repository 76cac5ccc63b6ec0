import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { openDatabase, queryRows, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { loadEnv } from '../../env';
import { openCatalog, prepareCatalog } from '../catalog/catalog';
import { releaseClaims } from '../subscriptions/renewal-state';
import { seedDueSubscriptions } from '../../test-support/due-subscriptions';

const DUE = 60;
type App = Awaited<ReturnType<typeof buildApp>>;

// Two api nodes renew the same due subscriptions at once, in small batches, while their claims
// keep running out, so several runs work the same rows: each is charged once.
describeOnPostgres('renewals on two nodes at once', () => {
  let cluster: Cluster;
  const handles: DatabaseHandle[] = [];
  const apps: App[] = [];
  const closers: (() => void)[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
    const env = loadEnv({
      LOG_LEVEL: 'silent',
      DATABASE_URL: cluster.url,
      RENEWAL_BATCH_SIZE: '7',
      SANDBOX_WEBHOOK_DELAY_MS: '0',
    });
    for (let node = 0; node < 2; node++) {
      const database = await openDatabase({
        databaseUrl: cluster.url,
        pgliteDir: 'unused',
        prepare: prepareCatalog,
      });
      const catalog = await openCatalog(database.db, 0);
      handles.push(database);
      closers.push(() => catalog.close());
      apps.push(await buildApp({ env, database, catalog }));
    }
    await seedDueSubscriptions(handles[0]!.db, DUE);
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const close of closers) close();
    await Promise.all(handles.map((h) => h.close()));
    cluster.stop();
  });

  /** Moves the shared clock on by `ms` and runs the node's due renewals before answering. */
  const renewOn = async (app: App, ms: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/sandbox/clock/',
      payload: { advanceMs: ms },
    });
    expect(res.statusCode).toBe(200);
  };

  it('charges every due subscription once and moves it one period, however the claims overlap', async () => {
    const [a, b] = apps as [App, App];
    const db = handles[0]!.db;
    // Meanwhile every claim is let go at once, again and again, by the statement a node whose
    // claims ran out releases them with: the other runs take rows whose charge is under way, and
    // the release takes rows the runs are claiming (which deadlocked before both took them in
    // subscription-id order).
    let running = true;
    const expire = (async () => {
      while (running) {
        const claimed = await queryRows<{ subscription_id: string }>(
          db,
          sql`select subscription_id from subscription_renewals where claimed_until is not null`,
        );
        await releaseClaims(
          db,
          claimed.map((row) => row.subscription_id),
        );
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    try {
      await Promise.all([a, b, a, b, a, b].map((app) => renewOn(app, 1)));
    } finally {
      running = false;
      await expire;
    }
    // What a run left claimed while another placed its order is taken again now.
    await renewOn(a, 2000);
    const [charged] = await queryRows<{ subs: number; charges: number; twice: number }>(
      db,
      sql`select count(distinct o.subscription_id)::int as subs, count(*)::int as charges,
          (select count(*)::int from (select o2.subscription_id from orders o2
            join payments p2 on p2.order_id = o2.id join sandbox_charges c2 on c2.payment_id = p2.id
            where o2.subscription_id is not null group by o2.subscription_id
            having count(*) > 1) t) as twice
        from orders o join payments p on p.order_id = o.id
        join sandbox_charges c on c.payment_id = p.id
        where o.subscription_id is not null`,
    );
    expect(charged).toEqual({ subs: DUE, charges: DUE, twice: 0 });
    const moved = await queryRows<{ status: string; cycle: number; renewed: number; n: number }>(
      db,
      sql`select s.status, s.cycle, (select count(*)::int from subscription_events e
          where e.subscription_id = s.id and e.type = 'renewed') as renewed, count(*)::int as n
        from subscriptions s group by 1, 2, 3`,
    );
    expect(moved).toEqual([{ status: 'active', cycle: 2, renewed: 1, n: DUE }]);
    const [paid] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where subscription_id is not null and status = 'paid'`,
    );
    expect(paid?.n).toBe(DUE);
  }, 120_000);
});
