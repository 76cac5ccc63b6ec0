/** The console's view of an order's mails, and its "resend receipt" (issue 33). */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PlanFactsOf } from './invoice-document';
import { issueDocuments } from './issue';
import { sendDueMail, type OutboxDeps } from './send-due';
import { mailOutbox } from './tables';

export interface OrderMail {
  kind: 'receipt' | 'credit_note';
  queuedAt: Date;
  sentAt: Date | null;
}

export async function mailsOf(db: Database, orderId: string): Promise<OrderMail[]> {
  return db
    .select({ kind: mailOutbox.kind, queuedAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.id));
}

/**
 * Makes the order's receipt due again and sends what is due; false when the order has no
 * receipt (it was never paid). A paid order's documents are issued first if billing's job has
 * not issued them yet (it does so within about a second of the payment, or at the minute's
 * sweep after a crash), so staff never hear "no receipt" for a paid order.
 */
export async function resendReceipt(
  outbox: OutboxDeps,
  planFacts: PlanFactsOf,
  orderId: string,
): Promise<boolean> {
  await issueDocuments(outbox.db, planFacts, orderId, 'invoice');
  const [row] = await outbox.db
    .update(mailOutbox)
    .set({ sentAt: null, dueAt: new Date(), attempts: 0 })
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'receipt')))
    .returning({ id: mailOutbox.id });
  if (!row) return false;
  await sendDueMail(outbox);
  return true;
}
