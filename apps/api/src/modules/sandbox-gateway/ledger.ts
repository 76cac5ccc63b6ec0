/**
 * The sandbox gateway's record of what it did to a payment after starting it: voids (a payment
 * canceled before any answer) and refunds. A repeated call finds its row and does nothing, as a
 * real provider's idempotent refund does; tests read it to see what the provider was asked.
 */
import type { Database } from '../../db/client';
import { sandboxLedger } from './tables';

export async function recordAtGateway(
  db: Database,
  entry: { paymentId: string; action: 'void' | 'refund'; amountMinor: number; currency: string },
): Promise<void> {
  await db.insert(sandboxLedger).values(entry).onConflictDoNothing();
}
