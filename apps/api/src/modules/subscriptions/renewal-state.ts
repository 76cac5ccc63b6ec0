/**
 * What the renewal process keeps of each subscription, written here only (this module owns the
 * tables): the claims of renewal jobs, the reminded cycle, the customer's own payment method.
 */
import { sql } from 'drizzle-orm';
import type { Currency, Period } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';

/** A due subscription as a renewal job claimed it. */
export interface DueRow {
  id: string;
  order_id: string;
  email: string;
  plan: string;
  status: 'active' | 'past_due';
  currency: Currency;
  next_charge_minor: number;
  auto_renew: boolean;
  period_interval: number | null;
  period_unit: Period['unit'] | null;
  extra_period_interval: number | null;
  extra_period_unit: Period['unit'] | null;
  renewal_plan: string | null;
  renewal_period_interval: number | null;
  renewal_period_unit: Period['unit'] | null;
  anchor_at: string | Date;
  cycle: number;
  failed_attempts: number;
  method_provider: string | null;
  method: string | null;
}

/**
 * Claims due subscriptions (a batch, or the one named, which when past due is due at once) until
 * `now` plus the claim's time: rows
 * locked by another job are skipped, and a claim is taken over only once it ran out.
 *
 * Every statement that writes several claims takes their rows in subscription-id order (here and
 * releaseClaims): a claim taking over rows whose old claim another node is releasing at that
 * moment waits for it instead of deadlocking with it (PostgreSQL aborted one of the two, 40P01).
 */
export async function claimDue(
  db: Database,
  now: Date,
  batch: { batchSize: number; claimMs: number },
  only?: string,
): Promise<DueRow[]> {
  const until = new Date(now.getTime() + batch.claimMs);
  return queryRows<DueRow>(
    db,
    sql`with due as (
      select s.id from subscriptions s
      left join subscription_renewals r on r.subscription_id = s.id
      where s.status in ('active', 'past_due')
        and (r.claimed_until is null or r.claimed_until < ${now.toISOString()}::timestamptz)
        ${
          only
            ? // Asked for by name: a past-due one is retried now, before its next dunning retry.
              sql`and s.id = ${only} and (s.status = 'past_due' or s.next_charge_at <= ${now.toISOString()}::timestamptz)`
            : sql`and s.next_charge_at <= ${now.toISOString()}::timestamptz`
        }
      order by s.next_charge_at
      limit ${batch.batchSize}
      for update of s skip locked
    ), claimed as (
      insert into subscription_renewals (subscription_id, claimed_until)
      select id, ${until.toISOString()}::timestamptz from due order by id
      -- Re-checked on the latest row under its lock: a job whose snapshot predates another's
      -- claim takes nothing that claim holds.
      on conflict (subscription_id) do update set claimed_until = excluded.claimed_until
        where subscription_renewals.claimed_until is null
          or subscription_renewals.claimed_until < ${now.toISOString()}::timestamptz
      returning subscription_id, failed_attempts, method_provider, method
    )
    select s.id, s.order_id, s.email, s.plan, s.status, s.currency, s.next_charge_minor,
      s.auto_renew, s.period_interval, s.period_unit, s.extra_period_interval,
      s.extra_period_unit, s.renewal_plan, s.renewal_period_interval, s.renewal_period_unit,
      s.anchor_at, s.cycle,
      c.failed_attempts, c.method_provider, c.method
    from subscriptions s join claimed c on c.subscription_id = s.id
    -- Charged in the order they fell due (the claims above were written in id order).
    order by s.next_charge_at, s.id`,
  );
}

/** Lets go of claims, so the next job takes those subscriptions again. */
export async function releaseClaims(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await queryRows(
    db,
    sql`with released as (
      select subscription_id from subscription_renewals
      where subscription_id in (
        select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      order by subscription_id for update
    )
    update subscription_renewals r set claimed_until = null
      from released where r.subscription_id = released.subscription_id
      returning r.subscription_id`,
  );
}

/** Where a renewal left the subscription: its status and paid cycle. */
export async function subscriptionProgress(db: Database, subscriptionId: string) {
  const [row] = await queryRows<{ status: string; cycle: number }>(
    db,
    sql`select status, cycle from subscriptions where id = ${subscriptionId}`,
  );
  return row;
}

/** Failed charges of the renewal now due (the dunning stage): 0 when none failed. */
export async function failedAttemptsOf(db: Database, subscriptionId: string): Promise<number> {
  const [row] = await queryRows<{ failed_attempts: number }>(
    db,
    sql`select failed_attempts from subscription_renewals where subscription_id = ${subscriptionId}`,
  );
  return row?.failed_attempts ?? 0;
}

/** An active yearly subscription whose renewal reminder is due. */
export interface ReminderRow {
  id: string;
  email: string;
  plan: string;
  currency: Currency;
  next_charge_at: string | Date;
  next_charge_minor: number;
}

/**
 * The subscriptions whose renewal comes between now and `horizon` and were not reminded of this
 * cycle, marked reminded in the same statement (the mail goes after).
 */
export async function claimReminders(
  db: Database,
  now: Date,
  horizon: Date,
): Promise<ReminderRow[]> {
  return queryRows<ReminderRow>(
    db,
    sql`with due as (
      select s.id, s.email, s.plan, s.currency, s.next_charge_at, s.next_charge_minor, s.cycle
      from subscriptions s left join subscription_renewals r on r.subscription_id = s.id
      where s.status = 'active' and s.auto_renew
        -- What the coming charge renews for: the renewal period (migration 0038), else its own.
        and (coalesce(s.renewal_period_unit, s.period_unit) = 'Year'
          or (coalesce(s.renewal_period_unit, s.period_unit) = 'Month'
            and coalesce(s.renewal_period_interval, s.period_interval) >= 12))
        and s.next_charge_at > ${now.toISOString()}::timestamptz
        and s.next_charge_at <= ${horizon.toISOString()}::timestamptz
        and coalesce(r.reminded_cycle, 0) < s.cycle
      limit 500
      for update of s skip locked
    ), marked as (
      insert into subscription_renewals (subscription_id, reminded_cycle)
      select id, cycle from due
      on conflict (subscription_id) do update set reminded_cycle = excluded.reminded_cycle
    )
    select id, email, plan, currency, next_charge_at, next_charge_minor from due`,
  );
}

/** The customer's own payment method, charged for renewals from now on. */
export async function keepPaymentMethod(
  db: Database,
  subscriptionId: string,
  provider: string,
  method: string,
): Promise<void> {
  await queryRows(
    db,
    sql`insert into subscription_renewals (subscription_id, method_provider, method)
      values (${subscriptionId}, ${provider}, ${method})
      on conflict (subscription_id) do update set method_provider = excluded.method_provider,
        method = excluded.method, updated_at = now()
      returning subscription_id`,
  );
}

/** A past_due subscription's renewal is due at `at` (now, with a new card). */
export async function dueNow(db: Database, subscriptionId: string, at: Date): Promise<void> {
  await queryRows(
    db,
    sql`update subscriptions set next_charge_at = ${at.toISOString()}::timestamptz
      where id = ${subscriptionId} and status = 'past_due' returning id`,
  );
}
