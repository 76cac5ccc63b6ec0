/** PayPal's order, capture and last word per payment, and the disputes it reported (paypal tables). */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { paypalDisputes, paypalPayments } from './tables';

export interface PayPalRecord {
  paymentId: string;
  paypalOrderId: string;
  captureId: string | null;
  status: string;
  statusReason: string | null;
  returnPath: string;
}

/** The order PayPal created for a payment, kept before the shopper is sent to approve it. */
export async function rememberOrder(
  db: Database,
  row: { paymentId: string; paypalOrderId: string; status: string; returnPath: string },
): Promise<void> {
  await db
    .insert(paypalPayments)
    .values(row)
    .onConflictDoUpdate({ target: paypalPayments.paymentId, set: { status: row.status } });
}

/** PayPal's latest word on a payment's capture (its id once known, never forgotten). */
export async function rememberWord(
  db: Database,
  paymentId: string,
  word: { status: string; captureId?: string | undefined; reason?: string | undefined },
): Promise<void> {
  await db
    .update(paypalPayments)
    .set({
      status: word.status,
      captureId: sql`coalesce(${paypalPayments.captureId}, ${word.captureId ?? null})`,
      statusReason: word.reason ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(paypalPayments.paymentId, paymentId));
}

const columns = {
  paymentId: paypalPayments.paymentId,
  paypalOrderId: paypalPayments.paypalOrderId,
  captureId: paypalPayments.captureId,
  status: paypalPayments.status,
  statusReason: paypalPayments.statusReason,
  returnPath: paypalPayments.returnPath,
};

export async function recordOf(db: Database, paymentId: string): Promise<PayPalRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(paypalPayments)
    .where(eq(paypalPayments.paymentId, paymentId));
  return row;
}

/** The payment of a PayPal order or capture id. */
export async function recordByPayPalId(
  db: Database,
  id: { orderId?: string; captureId?: string },
): Promise<PayPalRecord | undefined> {
  const where = id.orderId
    ? eq(paypalPayments.paypalOrderId, id.orderId)
    : id.captureId
      ? eq(paypalPayments.captureId, id.captureId)
      : undefined;
  if (!where) return undefined;
  const [row] = await db.select(columns).from(paypalPayments).where(where);
  return row;
}

export interface Dispute {
  eventId: string;
  paymentId: string;
  eventType: string;
  reason: string | undefined;
  amountMinor: number;
  currency: string;
  decision: string;
}

/** Writes a reported reversal or dispute down once. */
export async function recordDispute(db: Database, dispute: Dispute): Promise<void> {
  await db
    .insert(paypalDisputes)
    .values({ ...dispute, reason: dispute.reason ?? null })
    .onConflictDoNothing();
}
