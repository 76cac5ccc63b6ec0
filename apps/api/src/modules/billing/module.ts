/**
 * Wires billing into the api: a paid order gets its invoices and a receipt, a refunded one its
 * credit notes (initial, renewal and refund moves alike), by a job that reads the orders' moves
 * (order_events) a second after the last run ended, off the request that moved the order; and a
 * sweep every minute issues what that job left undone (a failure, a late commit, a crash) and
 * sends the outbox, until both are done: a backlog drains as fast as the api can print
 * (bench/billing-backlog.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Jobs } from '../../jobs/queue';
import type { Catalog } from '../catalog/catalog';
import type { Mailer } from '../../mail/mailer';
import { planFactsFrom } from './issue';
import { renderPool } from './render-pool';
import { billingRoutes } from './routes';
import type { OutboxDeps } from './send-due';
import { recentDocumentsJob, sweepBilling } from './sweep';

export interface BillingOptions {
  db: Database;
  catalog: Catalog;
  mailer: Mailer;
  publicOrigin: string;
  /** The api's durable jobs: the recent documents' job and the sweep run on one node at a time. */
  jobs: Jobs;
  /** Worker threads that print the PDFs and mails; 0: this thread prints them. */
  renderWorkers: number;
}

/** How long after its last run ended billing's job looks for new moves again. */
const RECENT_DOCUMENTS_MS = 1_000;

export function billingModule(app: FastifyInstance, options: BillingOptions): OutboxDeps {
  const { db, catalog, jobs } = options;
  const outbox: OutboxDeps = {
    db,
    mailer: options.mailer,
    publicOrigin: options.publicOrigin,
    log: app.log,
  };
  if (options.renderWorkers > 0) {
    const pool = renderPool(options.renderWorkers);
    outbox.render = pool;
    app.addHook('onClose', () => pool.close());
  }
  billingRoutes(app, db);
  jobs.define(
    'billing-documents',
    recentDocumentsJob(outbox, () => planFactsFrom(catalog)),
  );
  jobs.repeat('billing-documents', RECENT_DOCUMENTS_MS);
  jobs.define('billing-sweep', () => sweepBilling(outbox, planFactsFrom(catalog)));
  jobs.every('billing-sweep', '* * * * *');
  return outbox;
}
