/**
 * The payments the sandbox gateway settles later (asynchronous methods, time-outs): recorded
 * when it answers "pending", so that asking the gateway for a payment's status (a refresh, when
 * a notification was lost) gets the same word the notification would have carried.
 */
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxSettlements } from './tables';

export async function recordSettlement(
  db: Database,
  settlement: { paymentId: string; reported: string; finalReported: string; settlesAt: Date },
): Promise<void> {
  await db
    .insert(sandboxSettlements)
    .values(settlement)
    .onConflictDoUpdate({ target: sandboxSettlements.paymentId, set: settlement });
}

/** What the gateway reports of a payment now; undefined for one it settled at once. */
export async function reportedNow(
  db: Database,
  paymentId: string,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(sandboxSettlements)
    .where(eq(sandboxSettlements.paymentId, paymentId));
  if (!row) return undefined;
  return row.settlesAt <= now ? row.finalReported : row.reported;
}

/** A day after settling, nobody asks any more. */
export async function purgeSettlements(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sandboxSettlements)
    .where(lt(sandboxSettlements.settlesAt, new Date(now.getTime() - 24 * 3600_000)));
}
