/**
 * Billing's sweep: issues what the recent documents' job (below) left undone (a failure, a move
 * that committed late, a crash), whatever the order's age, and sends the outbox. It reads the
 * orders' moves to paid and refunded (order_events) after billing's mark, oldest first, issues
 * the documents those lack, then moves the mark past what it checked, so an unchanged history
 * is not read again. Then it issues the credit notes of refunded parts that lack theirs
 * (refund-notes.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../../db/client';
import type { PlanFacts } from './invoice-document';
import { issueDocumentsOf } from './issue';
import { issueMissingRefundNotes } from './refund-notes';
import { sendDueMail, type OutboxDeps } from './send-due';
import { billingSweepMark } from './tables';

/** How long one sweep works before it leaves the rest to the next minute's. */
const SWEEP_BUDGET_MS = 50_000;

/**
 * Moves read at once (one whose documents exist costs an index probe and is not returned); the
 * budget is checked between reads.
 */
const MOVES_PER_READ = 200;
/** How long the mail drain waits when it has sent all the issuing has queued so far. */
const CAUGHT_UP_WAIT_MS = 100;

interface Move {
  id: number;
  order_id: string;
  to_status: 'paid' | 'refunded';
}

/**
 * The mark, and the last move that surely committed before this read: an event's id is taken
 * before its move commits, so a later id can commit first. A move is one statement, so a minute
 * is a wide margin.
 */
async function readMark(db: Database): Promise<{ mark: number; committed: number }> {
  const [row] = await queryRows<{ mark: number | null; committed: number | null }>(
    db,
    sql`select (select checked_through from billing_sweep_mark where id = 1) as mark,
      (select id from order_events where created_at < now() - interval '1 minute'
        order by id desc limit 1) as committed`,
  );
  return { mark: Number(row?.mark ?? 0), committed: Number(row?.committed ?? 0) };
}

/** The next moves after `after` whose document (an invoice, a credit note) does not exist. */
function missingAfter(db: Database, after: number): Promise<Move[]> {
  return queryRows<Move>(
    db,
    sql`select e.id, e.order_id, e.to_status from order_events e
      where e.id > ${after} and e.to_status in ('paid', 'refunded')
        and not exists (select 1 from invoices i where i.order_id = e.order_id
          and i.kind = case e.to_status when 'paid' then 'invoice' else 'credit_note' end
          and i.refund_id is null)
      order by e.id limit ${MOVES_PER_READ}`,
  );
}

/** Orders whose documents one transaction issues (issueDocumentsOf). */
const ORDERS_PER_BATCH = 50;

/**
 * Issues the moves' missing documents, invoices before credit notes (an order's invoice before
 * its credit note), a batch of orders in each transaction. A batch that fails is tried again
 * order by order, so a broken order holds up no other; its move is reported, so the caller reads
 * it again.
 */
async function issueFor(
  db: Database,
  planFacts: (plan: string) => PlanFacts,
  log: FastifyBaseLogger,
  moves: readonly Move[],
): Promise<{ issued: number; failed: number }> {
  let issued = 0;
  let failed = Infinity;
  for (const kind of ['invoice', 'credit_note'] as const) {
    const own = moves.filter((move) => (move.to_status === 'paid') === (kind === 'invoice'));
    for (let at = 0; at < own.length; at += ORDERS_PER_BATCH) {
      const batch = own.slice(at, at + ORDERS_PER_BATCH);
      try {
        issued += await issueDocumentsOf(
          db,
          planFacts,
          [...new Set(batch.map((m) => m.order_id))],
          kind,
        );
        continue;
      } catch {
        // One order's fault rolled back its batch: the others go one at a time.
      }
      for (const move of batch) {
        try {
          issued += await issueDocumentsOf(db, planFacts, [move.order_id], kind);
        } catch (error) {
          log.warn({ err: error, orderId: move.order_id }, 'billing documents failed; will retry');
          failed = Math.min(failed, move.id);
        }
      }
    }
  }
  return { issued, failed };
}

/** How far one pass over the moves got. */
interface Pass {
  issued: number;
  /** The last move read; every move up to it was read. */
  checked: number;
  /** The first move whose documents failed (Infinity: none). */
  failed: number;
  /** Every move after `after` was read (not stopped by `until`). */
  readAll: boolean;
}

/**
 * Issues the missing documents of the moves after `after`, oldest first, a batch of orders at a
 * time, until none is left or `until` (a time in ms) passes; receipts and credit notes take their
 * turn alike. A move whose documents fail is logged and reported, so the caller reads it again.
 */
async function issueAfter(
  db: Database,
  planFacts: (plan: string) => PlanFacts,
  log: FastifyBaseLogger,
  after: number,
  until: number,
): Promise<Pass> {
  const pass: Pass = { issued: 0, checked: after, failed: Infinity, readAll: false };
  while (Date.now() < until) {
    const moves = await missingAfter(db, pass.checked);
    const result = await issueFor(db, planFacts, log, moves);
    pass.issued += result.issued;
    pass.failed = Math.min(pass.failed, result.failed);
    pass.checked = moves.at(-1)?.id ?? pass.checked;
    if (moves.length < MOVES_PER_READ) {
      pass.readAll = true;
      break;
    }
  }
  return pass;
}

/**
 * Issues the missing documents after billing's mark (issueAfter), then moves the mark past what
 * surely committed and was read, then the missing notes of parts. Answers how many documents
 * were issued.
 */
export async function issueMissingDocuments(
  db: Database,
  planFacts: (plan: string) => PlanFacts,
  log: FastifyBaseLogger,
  until = Infinity,
): Promise<number> {
  const { mark, committed } = await readMark(db);
  const { issued, checked, failed, readAll } = await issueAfter(db, planFacts, log, mark, until);
  const through = Math.min(readAll ? committed : Math.min(checked, committed), failed - 1);
  if (through > mark) {
    await db
      .insert(billingSweepMark)
      .values({ id: 1, checkedThrough: through })
      .onConflictDoUpdate({ target: billingSweepMark.id, set: { checkedThrough: through } });
  }
  // Refunds of parts are no moves: their notes are found in payments' ledger.
  return issued + (await issueMissingRefundNotes(db, planFacts, log));
}

/** How long one run of the recent documents' job works before it leaves the rest to the next. */
const RECENT_BUDGET_MS = 10_000;

/**
 * The job that issues a paid (or refunded) order's documents and sends their mail soon after its
 * move, off the request that moved it: each run reads the moves after the newest this process
 * has read (the mark, at first), so a steady stream costs one read per run for the moves that
 * are new. A move whose id was taken before a newer one's but committed after this read is left
 * to the minute's sweep, which reads from the mark.
 */
export function recentDocumentsJob(
  outbox: OutboxDeps,
  /** The plans' facts from the catalog as it is at each run. */
  planFacts: () => (plan: string) => PlanFacts,
): () => Promise<void> {
  let read: number | undefined;
  return async () => {
    const [row] = await queryRows<{ mark: number | null; newest: number | null }>(
      outbox.db,
      sql`select (select checked_through from billing_sweep_mark where id = 1) as mark,
        (select max(id) from order_events) as newest`,
    );
    const from = read ?? Number(row?.mark ?? 0);
    const newest = Number(row?.newest ?? 0);
    if (newest <= from) return;
    const until = Date.now() + RECENT_BUDGET_MS;
    const pass = await issueAfter(outbox.db, planFacts(), outbox.log, from, until);
    read = Math.min(pass.readAll ? Math.max(newest, pass.checked) : pass.checked, pass.failed - 1);
    // About as many mails as it queued: older ones due again are the sweep's.
    if (pass.issued > 0) await sendDueMail(outbox, { limit: pass.issued, until });
  };
}

/**
 * One sweep: issues the missing documents and sends what is due, mails going out while
 * documents are still being issued, until all is done or the budget is spent.
 */
export async function sweepBilling(
  outbox: OutboxDeps,
  planFacts: (plan: string) => PlanFacts,
  budgetMs = SWEEP_BUDGET_MS,
): Promise<void> {
  const until = Date.now() + budgetMs;
  const drain = { limit: Infinity, until };
  let issuing = true;
  const issued = issueMissingDocuments(outbox.db, planFacts, outbox.log, until).finally(() => {
    issuing = false;
  });
  const sending = async () => {
    while (issuing && Date.now() < until) {
      // Caught up with the issuing: wait for its next documents, or for its end.
      if ((await sendDueMail(outbox, drain)) === 0) {
        await Promise.race([sleep(CAUGHT_UP_WAIT_MS), issued]);
      }
    }
    await sendDueMail(outbox, drain);
  };
  await Promise.all([issued, sending()]);
}
