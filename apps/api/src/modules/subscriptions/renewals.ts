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
import { queryRows } from '../../db/client';
import type { Clock } from '../../jobs/clock';
import { changeSubscription } from './moves';
import { chargeDue, releaseClaims, type ChargeDeps, type DueRow } from './renewal-charges';

export interface RenewalDeps extends ChargeDeps {
  clock: Clock;
  /** Subscriptions one claim takes. */
  batchSize: number;
  /** How long a claim holds; past it another job takes the rows (their node died). */
  claimMs: number;
}

/**
 * Takes up to `batchSize` due subscriptions no other job holds, for `claimMs`; with `only`, that
 * one subscription if it is due.
 */
async function claimDue(deps: RenewalDeps, now: Date, only?: string): Promise<DueRow[]> {
  const until = new Date(now.getTime() + deps.claimMs);
  return queryRows<DueRow>(
    deps.db,
    sql`with due as (
      select s.id from subscriptions s
      left join subscription_renewals r on r.subscription_id = s.id
      where s.status in ('active', 'past_due') and s.next_charge_at <= ${now.toISOString()}::timestamptz
        and (r.claimed_until is null or r.claimed_until < ${now.toISOString()}::timestamptz)
        ${only ? sql`and s.id = ${only}` : sql``}
      order by s.next_charge_at
      limit ${deps.batchSize}
      for update of s skip locked
    ), claimed as (
      insert into subscription_renewals (subscription_id, claimed_until)
      select id, ${until.toISOString()}::timestamptz from due
      -- Re-checked on the latest row under its lock: a job whose snapshot predates another's
      -- claim takes nothing that claim holds.
      on conflict (subscription_id) do update set claimed_until = excluded.claimed_until
        where subscription_renewals.claimed_until is null
          or subscription_renewals.claimed_until < ${now.toISOString()}::timestamptz
      returning subscription_id, failed_attempts, method_provider, method
    )
    select s.id, s.order_id, s.email, s.plan, s.status, s.currency, s.next_charge_minor,
      s.auto_renew, s.period_interval, s.period_unit, s.anchor_at, s.cycle,
      c.failed_attempts, c.method_provider, c.method
    from subscriptions s join claimed c on c.subscription_id = s.id`,
  );
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
    const batch = await claimDue(deps, now);
    if (batch.length === 0) return handled;
    await renewClaimed(deps, batch, now);
    handled += batch.length;
  }
}

/** Renews one subscription now if it is due (a new card for a past_due one); true if it paid. */
export async function renewNow(deps: RenewalDeps, subscriptionId: string): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await claimDue(deps, now, subscriptionId);
  if (!row) return false;
  await renewClaimed(deps, [row], now);
  const [after] = await queryRows<{ status: string; cycle: number }>(
    deps.db,
    sql`select status, cycle from subscriptions where id = ${subscriptionId}`,
  );
  return after?.status === 'active' && after.cycle > row.cycle;
}
