/**
 * The console's order search and an order's payment history (issue 33): orders with the
 * provider of their latest payment, filtered by any of the console's fields, newest first,
 * paged by keyset so a deep page costs what the first does (bench/console-search.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { normalizeEmail, type OrderStatus } from '@checkout/core';
import type { OrderSearch } from '@checkout/core/contract';
import { queryRows, type Database } from '../../db/client';

export interface FoundOrder {
  id: string;
  status: OrderStatus;
  email: string;
  country: string;
  currency: string;
  totalMinor: number;
  createdAt: Date;
  provider: string | null;
  paymentId: string | null;
}

interface Row {
  id: string;
  status: OrderStatus;
  email: string;
  country: string;
  currency: string;
  total_minor: number;
  created_at: Date | string;
  provider: string | null;
  payment_id: string | null;
}

/** `next` of a page: the last row's time and id. */
export function cursorOf(order: FoundOrder): string {
  return `${order.createdAt.toISOString()}_${order.id}`;
}

function parseCursor(cursor: string): { at: string; id: string } | undefined {
  const [at, id] = cursor.split('_');
  return at && id && !Number.isNaN(Date.parse(at)) && /^[0-9a-f-]{36}$/.test(id)
    ? { at, id }
    : undefined;
}

function conditions(q: OrderSearch): SQL[] {
  const where: SQL[] = [];
  if (q.orderId) where.push(sql`o.id = ${q.orderId}`);
  if (q.paymentId)
    where.push(sql`o.id = (select order_id from payments where id = ${q.paymentId})`);
  if (q.email) where.push(sql`o.email = ${normalizeEmail(q.email)}`);
  if (q.from) where.push(sql`o.created_at >= ${q.from}::date`);
  if (q.to) where.push(sql`o.created_at < ${q.to}::date + 1`);
  if (q.status) where.push(sql`o.status = ${q.status}`);
  if (q.country) where.push(sql`o.country = ${q.country}`);
  if (q.minAmount !== undefined) where.push(sql`o.total_minor >= ${q.minAmount}`);
  if (q.maxAmount !== undefined) where.push(sql`o.total_minor <= ${q.maxAmount}`);
  if (q.provider)
    where.push(
      sql`exists (select 1 from payments pp where pp.order_id = o.id and pp.provider = ${q.provider})`,
    );
  const cursor = q.before ? parseCursor(q.before) : undefined;
  if (cursor)
    where.push(sql`(o.created_at, o.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  return where;
}

export async function searchOrders(db: Database, q: OrderSearch): Promise<FoundOrder[]> {
  const where = conditions(q);
  const rows = await queryRows<Row>(
    db,
    sql`select o.id, o.status, o.email, o.country, o.currency, o.total_minor, o.created_at,
        p.provider, p.id as payment_id
      from orders o
      left join lateral (
        select id, provider from payments where order_id = o.id order by created_at desc limit 1
      ) p on true
      ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
      order by o.created_at desc, o.id desc
      limit ${q.limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    email: row.email,
    country: row.country,
    currency: row.currency,
    totalMinor: row.total_minor,
    createdAt: new Date(row.created_at),
    provider: row.provider,
    paymentId: row.payment_id,
  }));
}

export interface PaymentHistory {
  notifications: { at: Date; status: string }[];
  refunds: { at: Date; amountMinor: number; whole: boolean }[];
  disputes: { at: Date; eventCode: string; amountMinor: number; currency: string }[];
}

/**
 * The provider's notifications of the order's payments, staff's refunds of it, and the disputes
 * its providers reported.
 */
export async function paymentHistory(db: Database, orderId: string): Promise<PaymentHistory> {
  const [notifications, refunds, disputes] = await Promise.all([
    queryRows<{ at: Date | string; status: string }>(
      db,
      sql`select w.received_at as at, w.status from webhook_events w
        join payments p on p.id::text = w.payment_id where p.order_id = ${orderId}
        order by w.received_at`,
    ),
    queryRows<{ at: Date | string; amount_minor: number; whole: boolean }>(
      db,
      sql`select created_at as at, amount_minor, whole from payment_refunds
        where order_id = ${orderId} order by created_at`,
    ),
    queryRows<{
      at: Date | string;
      event_code: string;
      amount_minor: string | number;
      currency: string;
    }>(
      db,
      sql`select created_at as at, event_code, amount_minor, currency from payment_disputes
        where order_id = ${orderId} order by created_at`,
    ),
  ]);
  return {
    notifications: notifications.map((n) => ({ at: new Date(n.at), status: n.status })),
    refunds: refunds.map((r) => ({
      at: new Date(r.at),
      amountMinor: r.amount_minor,
      whole: r.whole,
    })),
    disputes: disputes.map((d) => ({
      at: new Date(d.at),
      eventCode: d.event_code,
      amountMinor: Number(d.amount_minor),
      currency: d.currency,
    })),
  };
}
