/**
 * A refund of a part of an order gets a credit note of its own, for its amount, mailed at once
 * (the console's partial refunds, issue 33), or by billing's sweep when the api died between the
 * provider's acceptance and the note. The rest, when the order moves to refunded, gets the
 * order's credit note for what the parts left (module.ts, issue.ts).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import type { PlanFactsOf } from './invoice-document';
import { issueDocuments, planFactsFrom, type RefundPart } from './issue';
import { sendDueMail, type OutboxDeps } from './send-due';

/** Accepted parts read at once by the sweep; a part is a staff action, so they are few. */
const PARTS_PER_READ = 200;

/** Issues the part's credit note, and the invoice it credits first if billing's job has not. */
async function issueRefundPart(
  db: Database,
  facts: PlanFactsOf,
  orderId: string,
  refund: RefundPart,
): Promise<number> {
  // A credit note credits an invoice: a refund made before billing's job issued it (about a
  // second after the payment) issues it first.
  await issueDocuments(db, facts, orderId, 'invoice');
  return issueDocuments(db, facts, orderId, 'credit_note', new Date(), refund);
}

export async function creditRefundPart(
  outbox: OutboxDeps,
  catalog: Catalog,
  orderId: string,
  refund: RefundPart,
): Promise<void> {
  const issued = await issueRefundPart(outbox.db, planFactsFrom(catalog), orderId, refund);
  if (issued > 0) await sendDueMail(outbox);
}

/**
 * Issues the credit notes of the parts their provider accepted (payments' ledger) that have none,
 * oldest first: the issuing is once per part (the order's lock, invoices_one_per_refund), so
 * the console's request and two sweeps may race. Answers how many documents were issued.
 */
export async function issueMissingRefundNotes(
  db: Database,
  facts: PlanFactsOf,
  log: FastifyBaseLogger,
): Promise<number> {
  const parts = await queryRows<{ id: string; order_id: string; amount_minor: number | string }>(
    db,
    sql`select r.request_id as id, r.order_id, r.amount_minor from payment_refunds r
      where not r.whole and r.accepted_at is not null
        and not exists (select 1 from invoices i where i.refund_id = r.request_id)
      order by r.accepted_at limit ${PARTS_PER_READ}`,
  );
  let issued = 0;
  for (const part of parts) {
    const refund = { id: part.id, amountMinor: Number(part.amount_minor) };
    try {
      issued += await issueRefundPart(db, facts, part.order_id, refund);
    } catch (error) {
      log.warn({ err: error, orderId: part.order_id }, 'credit note of a part failed; will retry');
    }
  }
  return issued;
}
