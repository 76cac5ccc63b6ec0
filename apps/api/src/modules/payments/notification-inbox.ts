/**
 * The notification inbox (docs/decisions/008-notification-inbox.md): the events of a provider's
 * checked notification are recorded once per provider and event id, then claimed a few at a time
 * for a minute by the inbox job (inbox-job.ts), so two nodes never work one event at once and a
 * node that dies leaves its claim to run out.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import type { InboxEvent, NotificationChannel, PaymentAdapter } from './providers/adapter';
import { notificationInbox } from './tables';

export const INBOX_JOB = 'notification-inbox';
const CLAIM = 50;

/** Records a checked notification's events; a repeat of an event already recorded adds nothing. */
export async function recordEvents(
  db: Database,
  provider: string,
  events: readonly InboxEvent[],
  receivedAt: Date,
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(notificationInbox)
    .values(events.map(({ id, event }) => ({ provider, eventId: id, event, receivedAt })))
    .onConflictDoNothing();
}

export interface Claimed {
  provider: string;
  event_id: string;
  event: unknown;
  received_at: string | Date;
}

/** Up to CLAIM unapplied events no other job holds, held for a minute. */
export async function claimEvents(db: Database): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`update notification_inbox set claimed_until = now() + interval '1 minute'
    where (provider, event_id) in (
      select provider, event_id from notification_inbox
      where applied_at is null and (claimed_until is null or claimed_until < now())
      order by received_at
      limit ${CLAIM}
      for update skip locked
    )
    returning provider, event_id, event, received_at`,
  );
}

export async function markApplied(db: Database, row: Claimed): Promise<void> {
  await queryRows(
    db,
    sql`update notification_inbox set applied_at = now()
      where provider = ${row.provider} and event_id = ${row.event_id}
      returning event_id`,
  );
}

/** The configured adapters' channels, by the provider their address names. */
export function channelsOf(
  adapters: readonly PaymentAdapter[],
): ReadonlyMap<string, NotificationChannel> {
  return new Map(
    adapters.flatMap(({ notifications }) =>
      notifications ? [[notifications.provider, notifications] as const] : [],
    ),
  );
}
