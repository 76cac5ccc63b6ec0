/** An order's moves, oldest first: the console's timeline reads them (issue 33). */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents } from './tables';

export function orderMoves(db: Database, orderId: string) {
  return db
    .select({
      at: orderEvents.createdAt,
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      source: orderEvents.source,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}
