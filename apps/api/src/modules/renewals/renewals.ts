/**
 * Renewals and dunning: on its next-charge date a subscription is charged the renewal price in
 * its currency (payments/renewal-payments.ts), and moves one period forward when it paid; a
 * declined charge moves it to past_due and is retried on the dunning schedule, with an e-mail
 * each time, until the grace period after the last retry cancels it. With auto-renew off it
 * expires at the period end instead. Jobs claim due subscriptions in batches (SKIP LOCKED and
 * a lease), so several nodes share the work and none renews one twice; each batch is charged
 * and moved set-wise (renewal-charges.ts).
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../../jobs/clock';
import { changeSubscription } from '../subscriptions/moves';
import {
  claimDue,
  releaseClaims,
  subscriptionProgress,
  type DueRow,
} from '../subscriptions/renewal-state';
import { chargeDue, type ChargeDeps } from './renewal-charges';

export interface RenewalDeps extends ChargeDeps {
  clock: Clock;
  /** Subscriptions one claim takes. */
  batchSize: number;
  /** How long a claim holds; past it another job takes the rows (their node died). */
  claimMs: number;
}

/** Lets another job take the subscription again (set with every end). */
const release = sql`claimed_until = null`;

/** A claimed subscription that ends instead of renewing: auto-renew off, or dunning gave up. */
async function endOne(deps: RenewalDeps, row: DueRow, now: Date): Promise<void> {
  const { db } = deps;
  const dunned = row.auto_renew;
  // Off: the paid period ran out and nothing is charged; else the grace period is over.
  const to = dunned || row.status !== 'active' ? 'canceled' : 'expired';
  const ended = await changeSubscription(db, row.id, {
    to,
    event: to,
    actor: dunned ? 'dunning' : 'renewal',
    detail: dunned ? { failedAttempts: row.failed_attempts } : undefined,
    set: [sql`ended_at = ${now.toISOString()}::timestamptz`],
    renewals: [release],
  });
  if (!ended) return releaseClaims(db, [row.id]);
  if (!dunned) return;
  await deps.notices.subscriptionCanceled({
    email: row.email,
    subscriptionId: row.id,
    plan: row.plan,
    endedAt: now,
  });
}

/** How many ending subscriptions are handled at once within a claim. */
const PARALLEL = 16;

/** The claimed batch: those that end, one by one; those that renew, charged together. */
async function renewClaimed(deps: RenewalDeps, rows: DueRow[], now: Date): Promise<void> {
  const ends = (row: DueRow) => !row.auto_renew || row.failed_attempts > deps.retryDays.length;
  const ending = rows.filter(ends);
  for (let i = 0; i < ending.length; i += PARALLEL) {
    await Promise.all(ending.slice(i, i + PARALLEL).map((row) => endOne(deps, row, now)));
  }
  await chargeDue(
    deps,
    rows.filter((row) => !ends(row)),
    now,
  );
}

/**
 * Works due subscriptions until none is left unclaimed; answers how many it handled. Any number
 * of jobs on any number of nodes may run it at once.
 */
export async function renewDue(deps: RenewalDeps): Promise<number> {
  let handled = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await claimDue(deps.db, now, deps);
    if (batch.length === 0) return handled;
    await renewClaimed(deps, batch, now);
    handled += batch.length;
  }
}

/** Renews one subscription now if it is due (a new card for a past_due one); true if it paid. */
export async function renewNow(deps: RenewalDeps, subscriptionId: string): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await claimDue(deps.db, now, deps, subscriptionId);
  if (!row) return false;
  await renewClaimed(deps, [row], now);
  const after = await subscriptionProgress(deps.db, subscriptionId);
  return after?.status === 'active' && after.cycle > row.cycle;
}
