/**
 * The sandbox gateway's record of what it did to a payment after starting it: voids (a payment
 * canceled before any answer) and refunds. A repeated call finds its row and does nothing, as a
 * real provider's idempotent refund does; tests read it to see what the provider was asked.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxLedger } from './tables';

export async function recordAtGateway(
  db: Database,
  entry: {
    paymentId: string;
    action: 'void' | 'refund';
    amountMinor: number;
    currency: string;
    reference: string;
  },
): Promise<void> {
  await db.insert(sandboxLedger).values(entry).onConflictDoNothing();
}

/** What the gateway already gave back of a payment, by its other refunds than `reference`. */
export async function refundedAtGateway(
  db: Database,
  paymentId: string,
  reference: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${sandboxLedger.amountMinor}), 0)` })
    .from(sandboxLedger)
    .where(
      and(
        eq(sandboxLedger.paymentId, paymentId),
        eq(sandboxLedger.action, 'refund'),
        ne(sandboxLedger.reference, reference),
      ),
    );
  return Number(row?.total ?? 0);
}
