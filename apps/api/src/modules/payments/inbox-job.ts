/**
 * The inbox job: applies the recorded events of providers' notifications through each provider's
 * channel and applyNotification (callback.ts), sent with every recorded notification and run each
 * minute for whatever is left. An event that fails keeps its claim until it runs out, then is
 * tried again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs/queue';
import { applyNotification } from './callback';
import type { PaymentFaults } from './deps';
import { claimEvents, INBOX_JOB, markApplied } from './notification-inbox';
import type { OutcomeDeps } from './outcome';
import type { NotificationChannel } from './providers/adapter';

/** Applies every recorded event not applied yet, a claim at a time; answers how many it applied. */
export async function applyInbox(
  deps: OutcomeDeps & { faults?: PaymentFaults | undefined },
  channels: ReadonlyMap<string, NotificationChannel>,
  log: FastifyBaseLogger,
): Promise<number> {
  let applied = 0;
  for (;;) {
    const rows = await claimEvents(deps.db);
    if (rows.length === 0) return applied;
    for (const row of rows) {
      const channel = channels.get(row.provider);
      // A provider no longer configured: its events wait until it is again.
      if (!channel) continue;
      try {
        const notification = await channel.apply(row.event);
        if (notification) await applyNotification(deps, notification, new Date(row.received_at));
        await markApplied(deps.db, row);
        applied += 1;
      } catch (error) {
        // Its claim runs out and a later run tries it again.
        log.warn({ err: error, provider: row.provider }, 'applying a notification failed');
      }
    }
  }
}

/** The inbox's job: sent with every recorded notification, and each minute for what is left. */
export function inboxJob(
  jobs: Jobs,
  deps: OutcomeDeps & { faults?: PaymentFaults | undefined },
  channels: ReadonlyMap<string, NotificationChannel>,
  log: FastifyBaseLogger,
): void {
  jobs.define(INBOX_JOB, async () => {
    await applyInbox(deps, channels, log);
  });
  jobs.every(INBOX_JOB, '* * * * *');
}
