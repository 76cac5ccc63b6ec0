/**
 * The reminder before a yearly renewal (RENEWAL_REMINDER_DAYS ahead; several US states and EU
 * rules expect one): once per subscription and cycle. The row is marked before the mail goes,
 * so two nodes never both send it; a crash in between loses that one reminder, never doubles it.
 */
import type { Database } from '../../db/client';
import type { Clock } from '../../jobs/clock';
import { changeSubscription } from '../subscriptions/moves';
import { claimReminders } from '../subscriptions/renewal-state';
import type { RenewalNotices } from './notices';

const DAY = 24 * 3600_000;

export async function sendRenewalReminders(
  deps: { db: Database; clock: Clock; notices: RenewalNotices },
  reminderDays: number,
): Promise<number> {
  const now = deps.clock.now();
  const horizon = new Date(now.getTime() + reminderDays * DAY);
  const due = await claimReminders(deps.db, now, horizon);
  for (const row of due) {
    const chargeAt = new Date(row.next_charge_at);
    await deps.notices.renewalReminder({
      email: row.email,
      subscriptionId: row.id,
      plan: row.plan,
      chargeAt,
      amountMinor: row.next_charge_minor,
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
