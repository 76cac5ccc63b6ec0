/**
 * Wires billing into the api: a paid order gets its invoices and a receipt, a refunded one its
 * credit notes (through the orders' move listeners, so initial, renewal and refund moves alike),
 * and a sweep every minute issues what a crash left undone and sends the outbox, until both are
 * done: a backlog drains as fast as the api can print (bench/billing-backlog.ts).
 */
import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import type { Database } from '../../db/client';
import type { Jobs } from '../../jobs/queue';
import type { Catalog } from '../catalog/catalog';
import type { Mailer } from '../../mail/mailer';
import { onOrderMoved } from '../orders/move-listeners';
import { issueDocuments, planFactsFrom } from './issue';
import { billingRoutes } from './routes';
import { sendDueMail, type OutboxDeps } from './send-due';
import { sweepBilling } from './sweep';

export interface BillingOptions {
  db: Database;
  catalog: Catalog;
  mailer: Mailer;
  publicOrigin: string;
  /** The api's durable jobs: the sweep runs on one node each minute. */
  jobs: Jobs;
}

/**
 * Paid or refunded orders whose documents this process issues at once. A burst (a renewal batch
 * moves hundreds of orders in one statement) waits its turn here rather than taking every
 * database connection from the work that moved them.
 */
const ISSUING_AT_ONCE = 2;

export function billingModule(app: FastifyInstance, options: BillingOptions): OutboxDeps {
  const { db, catalog } = options;
  const outbox: OutboxDeps = {
    db,
    mailer: options.mailer,
    publicOrigin: options.publicOrigin,
    log: app.log,
  };
  billingRoutes(app, db);
  const issue = pLimit(ISSUING_AT_ONCE);
  const stopListening = onOrderMoved((orderId, to) => {
    const kind = to === 'paid' ? 'invoice' : to === 'refunded' ? 'credit_note' : undefined;
    if (!kind) return;
    // Sent right away; the sweep catches up with whatever this misses (a crash, a mail outage).
    void issue(() =>
      issueDocuments(db, planFactsFrom(catalog), orderId, kind)
        .then((issued) => (issued > 0 ? sendDueMail(outbox) : 0))
        .catch((error: unknown) =>
          app.log.warn({ err: error, orderId }, 'billing documents failed'),
        ),
    );
  });
  // What is still waiting when the api stops is left to the next sweep, as after a crash.
  app.addHook('onClose', () => {
    stopListening();
    issue.clearQueue();
  });
  options.jobs.define('billing-sweep', () => sweepBilling(outbox, planFactsFrom(catalog)));
  options.jobs.every('billing-sweep', '* * * * *');
  return outbox;
}
