import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { openCatalog, prepareCatalog, type Catalog } from '../catalog/catalog';
import { orders } from '../orders/tables';
import { issueDocuments, issueDocumentsOf, planFactsFrom } from './issue';
import { invoiceCounters, invoices } from './tables';

const snapshot = (id: string): CartView => ({
  id,
  status: 'completed',
  currency: 'EUR',
  country: 'DE',
  region: null,
  postalCode: null,
  email: 'numbers@gmail.com',
  coupon: null,
  lines: [
    {
      kind: 'main',
      plan: 'vpn-basic-1y',
      tier: 'Basic',
      period: { identifier: '1y', interval: 1, unit: 'Year' },
      amountMinor: 5988,
      beforeDiscountMinor: 15588,
    },
  ],
  regularMinor: 15588,
  discountMinor: 9600,
  subtotalMinor: 5988,
  tax: {
    inclusive: true,
    lines: [{ name: 'vat', ratePpm: 190_000, amountMinor: 956 }],
    taxMinor: 956,
    totalMinor: 5988,
    effectiveDate: '2026-01-01',
  },
  totalMinor: 5988,
});

describeOnPostgres('gap-free invoice numbers (PostgreSQL, two nodes)', () => {
  let cluster: Cluster;
  const nodes: DatabaseHandle[] = [];
  let catalog: Catalog;
  beforeAll(async () => {
    cluster = await startCluster();
    for (let n = 0; n < 2; n++) {
      nodes.push(
        await openDatabase({
          databaseUrl: cluster.url,
          pgliteDir: 'unused',
          prepare: prepareCatalog,
        }),
      );
    }
    catalog = await openCatalog(nodes[0]!.db, 0);
  }, 120_000);
  afterAll(async () => {
    catalog?.close();
    await Promise.all(nodes.map((n) => n.close()));
    cluster?.stop();
  });

  const paidOrders = async (count: number) => {
    const ids = Array.from({ length: count }, () => randomUUID());
    await nodes[0]!.db.insert(orders).values(
      ids.map((id) => ({
        id,
        cartId: randomUUID(),
        status: 'paid' as const,
        email: 'numbers@gmail.com',
        currency: 'EUR' as const,
        country: 'DE',
        totalMinor: 5988,
        taxMinor: 956,
        snapshot: snapshot(id),
      })),
    );
    return ids;
  };

  it('gives 60 orders issued by two nodes at once, each twice, the numbers 1 to 60 once each', async () => {
    const ids = await paidOrders(60);
    const facts = planFactsFrom(catalog);
    const year = new Date().getUTCFullYear();
    // Every order is issued by both nodes at the same moment: the race a repeated move makes.
    const issued = await Promise.all(
      ids.flatMap((id) => nodes.map((node) => issueDocuments(node.db, facts, id, 'invoice'))),
    );
    expect(issued.reduce((a, b) => a + b, 0)).toBe(60);
    const rows = await nodes[0]!.db
      .select({ number: invoices.number, orderId: invoices.orderId })
      .from(invoices)
      .where(eq(invoices.merchantId, 'aegis_vpn'));
    expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(60);
    const [counter] = await nodes[0]!.db
      .select()
      .from(invoiceCounters)
      .where(eq(invoiceCounters.merchantId, 'aegis_vpn'));
    expect(counter).toMatchObject({ kind: 'invoice', year, lastNumber: 60 });
  });

  it('gives the number back when the invoice that took it is rolled back', async () => {
    const [blocked, next] = await paidOrders(2);
    const year = new Date().getUTCFullYear();
    const facts = planFactsFrom(catalog);
    // A stray row holding number 61 makes the next issue fail after it took its number.
    await nodes[0]!.db.execute(sql`
      insert into invoices (order_id, kind, merchant_id, year, number, number_text, email, locale, document)
      select ${next}::uuid, 'invoice', 'aegis_vpn', ${year}, 61, 'stray', 'x@gmail.com', 'en', '{}'::jsonb`);
    await expect(issueDocuments(nodes[1]!.db, facts, blocked!, 'invoice')).rejects.toThrow();
    await nodes[0]!.db.delete(invoices).where(eq(invoices.numberText, 'stray'));
    expect(await issueDocuments(nodes[1]!.db, facts, blocked!, 'invoice')).toBe(1);
    const [row] = await nodes[0]!.db.select().from(invoices).where(eq(invoices.orderId, blocked!));
    expect(row?.number).toBe(61);
  });
  it('numbers overlapping batches that two nodes issue at once, in opposite orders, without a gap or a deadlock', async () => {
    const ids = await paidOrders(40);
    const facts = planFactsFrom(catalog);
    const batches = [ids.slice(0, 30), ids.slice(10), [...ids].reverse()];
    const issued = await Promise.all(
      batches.flatMap((batch) =>
        nodes.map((node, n) =>
          issueDocumentsOf(node.db, facts, n === 0 ? batch : [...batch].reverse(), 'invoice'),
        ),
      ),
    );
    expect(issued.reduce((a, b) => a + b, 0)).toBe(40);
    const rows = await nodes[0]!.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => numbers[0]! + i));
  });
});
