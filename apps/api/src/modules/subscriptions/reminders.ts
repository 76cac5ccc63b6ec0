/**
 * The reminder before a yearly renewal (RENEWAL_REMINDER_DAYS ahead; several US states and EU
 * rules expect one): once per subscription and cycle. The row is marked before the mail goes,
 * so two nodes never both send it; a crash in between loses that one reminder, never doubles it.
 */
import { sql } from 'drizzle-orm';
import type { Currency } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Clock } from '../../jobs/clock';
import { changeSubscription } from './moves';
import type { RenewalNotices } from './notices';

const DAY = 24 * 3600_000;

interface ReminderRow {
  id: string;
  email: string;
  plan: string;
  currency: Currency;
  next_charge_at: string | Date;
  next_charge_minor: string | number;
}

export async function sendRenewalReminders(
  deps: { db: Database; clock: Clock; notices: RenewalNotices },
  reminderDays: number,
): Promise<number> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + reminderDays * DAY);
  const due = await queryRows<ReminderRow>(
    deps.db,
    sql`with due as (
      select s.id, s.email, s.plan, s.currency, s.next_charge_at, s.next_charge_minor, s.cycle
      from subscriptions s left join subscription_renewals r on r.subscription_id = s.id
      where s.status = 'active' and s.auto_renew
        and (s.period_unit = 'Year' or (s.period_unit = 'Month' and s.period_interval >= 12))
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
  for (const row of due) {
    const chargeAt = new Date(row.next_charge_at);
    await deps.notices.renewalReminder({
      email: row.email,
      subscriptionId: row.id,
      plan: row.plan,
      chargeAt,
      amountMinor: Number(row.next_charge_minor),
      currency: row.currency,
    });
    await changeSubscription(deps.db, row.id, {
      event: 'reminder_sent',
      actor: 'renewal',
      detail: { chargeAt },
    });
  }
  return due.length;
}
