/**
 * The sandbox gateway's record of the card payments it charged: what it reports of each and the
 * card it charged, so that asking it about a payment whose answer the checkout lost (its process
 * died between the charge and storing the answer) gets what a real provider's API would say.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CardSummary } from '../payments/providers/adapter';
import { sandboxCharges } from './tables';

export async function recordCharge(
  db: Database,
  paymentId: string,
  reported: string | null,
  card: CardSummary,
): Promise<void> {
  const charge = { paymentId, reported, ...card };
  await db
    .insert(sandboxCharges)
    .values(charge)
    .onConflictDoUpdate({ target: sandboxCharges.paymentId, set: charge });
}

/** What the gateway charged for a payment; undefined when it charged no card for it. */
export async function chargeOf(
  db: Database,
  paymentId: string,
): Promise<{ reported: string | null; card: CardSummary } | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.paymentId, paymentId));
  return (
    row && {
      reported: row.reported,
      card: { brand: row.brand, last4: row.last4, expiry: row.expiry },
    }
  );
}
