/**
 * Renewals and dunning: on its next-charge date a subscription is charged the renewal price in
 * its currency (payments/renewal-payments.ts), and moves one period forward when it paid; a
 * declined charge moves it to past_due and is retried on the dunning schedule, with an e-mail
 * each time, until the grace period after the last retry cancels it. With auto-renew off it
 * expires at the period end instead. Jobs claim due subscriptions in batches (SKIP LOCKED and
 * a lease), so several nodes share the work and none renews one twice.
 */
import { sql } from 'drizzle-orm';
import { afterFailedRenewal, periodEnd, type Currency, type Period } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Clock } from '../../jobs/clock';
import { chargeRenewal, savedMethodOf } from '../payments/renewal-payments';
import type { OutcomeDeps } from '../payments/outcome';
import { changeSubscription } from './moves';
import type { RenewalNotices } from './notices';

export interface RenewalDeps extends OutcomeDeps {
  clock: Clock;
  notices: RenewalNotices;
  /** Where the customer updates the card (the web app's page, with the subscription id). */
  publicOrigin: string;
  /** Days after the first failure when a declined renewal is tried again. */
  retryDays: readonly number[];
  /** Days after the last failed retry until the subscription is canceled. */
  graceDays: number;
  /** Subscriptions one claim takes. */
  batchSize: number;
  /** How long a claim holds; past it another job takes the rows (their node died). */
  claimMs: number;
}

interface DueRow {
  id: string;
  order_id: string;
  email: string;
  plan: string;
  status: 'active' | 'past_due';
  currency: Currency;
  next_charge_minor: string | number;
  auto_renew: boolean;
  period_interval: number | null;
  period_unit: Period['unit'] | null;
  anchor_at: string | Date;
  cycle: number;
  failed_attempts: number;
  method_provider: string | null;
  method: string | null;
}

const DAY = 24 * 3600_000;

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
      on conflict (subscription_id) do update set claimed_until = excluded.claimed_until
      returning subscription_id, failed_attempts, method_provider, method
    )
    select s.id, s.order_id, s.email, s.plan, s.status, s.currency, s.next_charge_minor,
      s.auto_renew, s.period_interval, s.period_unit, s.anchor_at, s.cycle,
      c.failed_attempts, c.method_provider, c.method
    from subscriptions s join claimed c on c.subscription_id = s.id`,
  );
}

/** Lets another job take the subscription again (set after every outcome). */
const release = sql`claimed_until = null`;

async function releaseClaim(db: Database, id: string): Promise<void> {
  await queryRows(
    db,
    sql`update subscription_renewals set ${release}
      where subscription_id = ${id} returning subscription_id`,
  );
}

/** One due subscription: expire, cancel after dunning, or charge and move on. */
async function renewOne(deps: RenewalDeps, row: DueRow, now: Date): Promise<void> {
  const { db } = deps;
  if (!row.auto_renew) {
    // Off: the paid period ran out; nothing is charged.
    const to = row.status === 'active' ? 'expired' : 'canceled';
    const ended = await changeSubscription(db, row.id, {
      to,
      event: to,
      actor: 'renewal',
      set: [sql`ended_at = ${now.toISOString()}::timestamptz`],
      renewals: [release],
    });
    return ended ? undefined : releaseClaim(db, row.id);
  }
  const failures = row.failed_attempts;
  if (failures > deps.retryDays.length) {
    // The grace period after the last retry is over.
    const ended = await changeSubscription(db, row.id, {
      to: 'canceled',
      event: 'canceled',
      actor: 'dunning',
      detail: { failedAttempts: failures },
      set: [sql`ended_at = ${now.toISOString()}::timestamptz`],
      renewals: [release],
    });
    if (!ended) return releaseClaim(db, row.id);
    return deps.notices.subscriptionCanceled({
      email: row.email,
      subscriptionId: row.id,
      plan: row.plan,
      endedAt: now,
    });
  }
  const method =
    row.method_provider && row.method
      ? { provider: row.method_provider, method: row.method }
      : await savedMethodOf(db, row.order_id);
  const charged = await chargeRenewal(deps, {
    subscriptionId: row.id,
    cycle: row.cycle,
    attempt: failures + 1,
    firstOrderId: row.order_id,
    amountMinor: Number(row.next_charge_minor),
    currency: row.currency,
    method,
  });
  if (charged?.status === 'paid') return renewed(deps, row, charged.orderId);
  // Not answered yet (pending): the claim runs out and the same attempt is asked again.
  if (charged && charged.status !== 'error') return;
  return failed(deps, row, now, charged?.orderId);
}

async function renewed(deps: RenewalDeps, row: DueRow, orderId: string): Promise<void> {
  const period = { interval: row.period_interval ?? 1, unit: row.period_unit ?? 'Year' };
  const next = periodEnd(new Date(row.anchor_at), period, row.cycle + 1);
  const moved = await changeSubscription(deps.db, row.id, {
    to: row.status === 'past_due' ? 'active' : undefined,
    cycle: row.cycle,
    event: row.status === 'past_due' ? 'recovered' : 'renewed',
    actor: 'renewal',
    detail: { orderId, cycle: row.cycle + 1 },
    set: [sql`cycle = cycle + 1`, sql`next_charge_at = ${next.toISOString()}::timestamptz`],
    renewals: [release, sql`failed_attempts = 0`],
  });
  if (!moved) await releaseClaim(deps.db, row.id);
}

async function failed(
  deps: RenewalDeps,
  row: DueRow,
  now: Date,
  orderId: string | undefined,
): Promise<void> {
  const failures = row.failed_attempts + 1;
  const next = afterFailedRenewal(failures, deps.retryDays, deps.graceDays);
  const at = new Date(now.getTime() + next.inDays * DAY);
  const moved = await changeSubscription(deps.db, row.id, {
    // The first failure makes it past_due; later ones stay there.
    to: row.status === 'active' ? 'past_due' : undefined,
    cycle: row.cycle,
    event: row.status === 'active' ? 'past_due' : 'renewal_failed',
    actor: 'dunning',
    detail: { orderId, attempt: failures, [next.kind === 'retry' ? 'retryAt' : 'cancelAt']: at },
    set: [sql`next_charge_at = ${at.toISOString()}::timestamptz`],
    renewals: [release, sql`failed_attempts = ${failures}`],
  });
  if (!moved) return releaseClaim(deps.db, row.id);
  await deps.notices.paymentFailed({
    email: row.email,
    subscriptionId: row.id,
    plan: row.plan,
    attempt: failures,
    retryAt: next.kind === 'retry' ? at : undefined,
    cancelAt: next.kind === 'cancel' ? at : undefined,
    updateCardUrl: new URL(`/dashboard/card/?subscription=${row.id}`, deps.publicOrigin).toString(),
  });
}

/** How many subscriptions are renewed at once within a claim (PostgreSQL runs them in parallel). */
const PARALLEL = 16;

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
    for (let i = 0; i < batch.length; i += PARALLEL) {
      await Promise.all(batch.slice(i, i + PARALLEL).map((row) => renewOne(deps, row, now)));
    }
    handled += batch.length;
  }
}

/** Renews one subscription now if it is due (a new card for a past_due one); true if it paid. */
export async function renewNow(deps: RenewalDeps, subscriptionId: string): Promise<boolean> {
  const now = deps.clock.now();
  const [row] = await claimDue(deps, now, subscriptionId);
  if (!row) return false;
  await renewOne(deps, row, now);
  const [after] = await queryRows<{ status: string; cycle: number }>(
    deps.db,
    sql`select status, cycle from subscriptions where id = ${subscriptionId}`,
  );
  return after?.status === 'active' && after.cycle > row.cycle;
}
