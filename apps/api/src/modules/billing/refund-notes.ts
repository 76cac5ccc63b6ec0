/**
 * A refund of a part of an order gets a credit note of its own, for its amount, mailed at once
 * (the console's partial refunds, issue 33). The rest, when the order moves to refunded, gets
 * the order's credit note for what the parts left (module.ts, issue.ts).
 */
import type { Catalog } from '../catalog/catalog';
import { issueDocuments, planFactsFrom, type RefundPart } from './issue';
import { sendDueMail, type OutboxDeps } from './send-due';

export async function creditRefundPart(
  outbox: OutboxDeps,
  catalog: Catalog,
  orderId: string,
  refund: RefundPart,
): Promise<void> {
  const facts = planFactsFrom(catalog);
  // A credit note credits an invoice: a refund made before billing's job issued it (about a
  // second after the payment) issues it first.
  await issueDocuments(outbox.db, facts, orderId, 'invoice');
  const issued = await issueDocuments(outbox.db, facts, orderId, 'credit_note', new Date(), refund);
  if (issued > 0) await sendDueMail(outbox);
}
