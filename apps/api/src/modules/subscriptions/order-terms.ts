/** What the order page shows of the subscriptions an order started: plan and first renewal. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions } from './tables';

export async function subscriptionTerms(db: Database, orderId: string) {
  return db
    .select({
      plan: subscriptions.plan,
      nextChargeAt: subscriptions.nextChargeAt,
      nextChargeMinor: subscriptions.nextChargeMinor,
    })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId));
}
