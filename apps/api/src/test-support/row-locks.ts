/**
 * Shows in which order a statement takes its rows (lock-order tests on PostgreSQL): another
 * transaction holds the row of the lowest id, the statement runs until it waits for that row,
 * and the table's other rows are then taken without waiting. A statement that takes its rows in
 * id order holds none of them yet; one that takes them in another order (a join's, the input's)
 * holds some, and two of those running at once can deadlock.
 */
import type pg from 'pg';

/** Waits until a session of the database waits for a row lock. */
async function someoneWaits(holder: pg.Client): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const { rows } = await holder.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the statement never waited for the held row');
}

/**
 * Holds the row of `table` whose `key` is `lowestId`, runs `statement` until it waits for that
 * row, then takes the table's other rows with NOWAIT: answers whether they were free, and the
 * statement's result once the hold ends. `holder` is a connection of its own.
 */
export async function restFreeWhileWaiting<T>(
  holder: pg.Client,
  { table, key, lowestId }: { table: string; key: string; lowestId: string },
  statement: () => Promise<T>,
): Promise<{ free: boolean; result: T }> {
  await holder.query('begin');
  await holder.query(`select 1 from ${table} where ${key} = $1 for update`, [lowestId]);
  const running = statement();
  let free = true;
  try {
    await someoneWaits(holder);
    await holder.query(`select 1 from ${table} where ${key} <> $1 for update nowait`, [lowestId]);
  } catch (error) {
    if ((error as { code?: string }).code !== '55P03') throw error;
    free = false;
  } finally {
    // Ends the hold (and a NOWAIT that failed), so the statement finishes either way.
    await holder.query('rollback');
  }
  return { free, result: await running };
}
