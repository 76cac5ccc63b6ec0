import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CartView, OrderView, PaymentAction } from '@checkout/core';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { testBrowser } from '../test-browser';
import { openCatalog, prepareCatalog } from '../modules/catalog/catalog';
import { catalogMeta } from '../modules/catalog/tables';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
import { describeFailedQuery } from './query-errors';
import { describeOnPostgres } from './describe-on-postgres';
import { startCluster, type Cluster } from './postgres-cluster';

// The DATABASE_URL path on a real PostgreSQL 15, started here in a temporary folder.
describeOnPostgres('on PostgreSQL', () => {
  let cluster: Cluster;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
    cluster.stop();
  });

  it('lets two api nodes start together: one migrates and seeds, the other waits', async () => {
    const nodes = await Promise.all(
      [1, 2].map(() =>
        openDatabase({ databaseUrl: cluster.url, pgliteDir: 'unused', prepare: prepareCatalog }),
      ),
    );
    handles.push(...nodes);
    expect(nodes.map((n) => n.kind)).toEqual(['postgres', 'postgres']);
    const [row] = await nodes[0]!.db.select({ n: sql<number>`count(*)::int` }).from(catalogMeta);
    expect(row?.n).toBe(1);
  }, 60_000);

  it('sells a plan end to end: cart, idempotent payment, gateway, paid order', async () => {
    const database = handles[0]!;
    const env = loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: cluster.url });
    const catalog = await openCatalog(database.db, 0);
    const app = await buildApp({ env, database, catalog });
    // One shopper's browser: the cart answers only the cookie jar that created it.
    const browser = testBrowser(() => app);
    try {
      const cart = (
        await browser.inject({
          method: 'POST',
          url: '/api/carts/',
          payload: {
            mainPlan: 'vpn-plus-2y',
            currency: 'CAD',
            country: 'CA',
            region: 'CA-QC',
            email: 'pg@gmail.com',
          },
        })
      ).json<CartView>();
      expect(cart.tax.lines.map((l) => l.name)).toEqual(['gst', 'qst']);
      const { token } = (
        await browser.inject({
          method: 'POST',
          url: '/api/sandbox/tokens/',
          payload: { number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Anna Smith' },
        })
      ).json<{ token: string }>();
      const request = {
        method: 'POST' as const,
        url: '/api/payments/',
        headers: { 'idempotency-key': 'postgres-path-1' },
        payload: {
          cartId: cart.id,
          provider: 'stripe',
          returnPath: '/processing/',
          cardToken: token,
        },
      };
      // A double click: both requests at once with one key make one payment.
      const answers = await Promise.all([browser.inject(request), browser.inject(request)]);
      const created = answers.filter((a) => a.statusCode === 201);
      const action = created[0]!.json<PaymentAction>();
      expect(action.type).toBe('done');
      for (const other of answers.filter((a) => a !== created[0])) {
        // the repeat is a replay of the same payment, or told the first is still being started
        expect(
          other.statusCode === 409 || other.json<PaymentAction>().orderId === action.orderId,
        ).toBe(true);
        if (other.statusCode === 409)
          expect(other.json<{ error: { code: string } }>().error.code).toBe('conflict');
      }
      const order = (
        await browser.inject({ method: 'GET', url: `/api/orders/${action.orderId}/` })
      ).json<OrderView>();
      expect(order).toMatchObject({ status: 'paid', totalMinor: cart.totalMinor });
    } finally {
      catalog.close();
      await app.close();
    }
  }, 60_000);

  it('names a failed named statement and its SQLSTATE, not the value it was given', async () => {
    const [db] = handles;
    const failure: unknown = await queryRows(
      db!.db,
      sql`select ${'shopper@gmail.com'}::int as n`,
    ).catch((error: unknown) => error);
    const described = describeFailedQuery(failure);
    expect(described).toMatchObject({ type: 'QueryFailed', sqlstate: '22P02' });
    expect(described?.statement).toMatch(/^q_[0-9a-f]{20}$/);
    expect(JSON.stringify(described)).not.toContain('shopper@gmail.com');
  });

  it('reads bigint as a number, as PGlite does, and refuses one a number cannot hold', async () => {
    const db = await openDatabase({ databaseUrl: cluster.url, pgliteDir: 'unused' });
    handles.push(db);
    const read = sql`select 9007199254740991::bigint as most, count(*) as n from generate_series(1, 3)`;
    // Both paths: drizzle's own execute and the named statements of queryRows.
    const executed: unknown = await db.db.execute(read);
    expect((executed as { rows: unknown[] }).rows).toEqual([{ most: 9007199254740991, n: 3 }]);
    expect(await queryRows(db.db, read)).toEqual([{ most: 9007199254740991, n: 3 }]);
    const beyond = await queryRows(db.db, sql`select 9007199254740992::bigint as n`).catch(
      (error: unknown) => error,
    );
    expect((beyond as Error).cause).toEqual(
      new RangeError('bigint 9007199254740992 is beyond what a number holds exactly'),
    );
    // The connection goes on answering.
    expect(await queryRows(db.db, read)).toHaveLength(1);
  });
});
