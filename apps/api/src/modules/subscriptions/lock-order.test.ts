import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { seedDueSubscriptions } from '../../test-support/due-subscriptions';
import { applyRenewalMoves } from './moves';
import { claimDue, releaseClaims } from './renewal-state';

const COUNT = 40;

// Two statements that lock the same rows in different orders deadlock, and PostgreSQL aborts one
// (CI's renewal race failed so: a claim against a release, 40P01). Every statement that writes
// several renewal claims or subscriptions takes its rows in id order, so one that waits for a row
// holds none after it. Here another transaction holds the lowest id's row, the statement is left
// waiting for it, and the rest of its rows must still be free.
describeOnPostgres('renewal statements take their rows in id order', () => {
  let cluster: Cluster;
  let handle: DatabaseHandle;
  let holder: pg.Client;
  let ids: string[];
  beforeAll(async () => {
    cluster = await startCluster();
    handle = await openDatabase({ databaseUrl: cluster.url, pgliteDir: 'unused' });
    ids = (await seedDueSubscriptions(handle.db, COUNT)).sort();
    holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    // Claims that ran out long ago: the claim below takes every row over.
    await holder.query(
      `insert into subscription_renewals (subscription_id, claimed_until)
       select id, '2000-01-01' from subscriptions`,
    );
  }, 120_000);
  afterAll(async () => {
    await holder.end();
    await handle.close();
    cluster.stop();
  });

  /** Waits until a session of the database waits for a row lock. */
  const someoneWaits = async () => {
    for (let i = 0; i < 500; i++) {
      const { rows } = await holder.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the statement never waited for the held row');
  };

  /**
   * Holds `table`'s row of the lowest id, runs `statement` until it waits for that row, then takes
   * the table's other rows without waiting: answers whether they were free, and the statement's
   * result once the hold ends.
   */
  const restFreeWhileWaiting = async <T>(
    table: 'subscriptions' | 'subscription_renewals',
    statement: () => Promise<T>,
  ) => {
    const key = table === 'subscriptions' ? 'id' : 'subscription_id';
    await holder.query('begin');
    await holder.query(`select 1 from ${table} where ${key} = $1 for update`, [ids[0]]);
    const running = statement();
    let free = true;
    try {
      await someoneWaits();
      await holder.query(`select 1 from ${table} where ${key} <> $1 for update nowait`, [ids[0]]);
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03') throw error;
      free = false;
    } finally {
      // Ends the hold (and a NOWAIT that failed), so the statement finishes either way.
      await holder.query('rollback');
    }
    return { free, result: await running };
  };

  it('a claim waiting for one claim holds none after it, and then takes them all', async () => {
    const { free, result } = await restFreeWhileWaiting('subscription_renewals', () =>
      claimDue(handle.db, new Date(), { batchSize: COUNT, claimMs: 60_000 }),
    );
    expect(free).toBe(true);
    expect(result.map((row) => row.id).sort()).toEqual(ids);
  });

  it('a release waiting for one claim holds none after it', async () => {
    const { free } = await restFreeWhileWaiting('subscription_renewals', () =>
      releaseClaims(handle.db, ids.toReversed()),
    );
    expect(free).toBe(true);
    const { rows } = await holder.query<{ n: number }>(
      'select count(*)::int as n from subscription_renewals where claimed_until is null',
    );
    expect(rows[0]!.n).toBe(COUNT);
  });

  /** Every subscription renewed from `cycle`, listed from the highest id down. */
  const renewedFrom = (cycle: number) =>
    ids.toReversed().map((id) => ({
      id,
      status: 'active' as const,
      cycle,
      event: 'renewed' as const,
      actor: 'renewal' as const,
      detail: {},
      nextChargeAt: new Date('2030-01-01T00:00:00Z'),
      nextCycle: true,
      failedAttempts: 0,
    }));

  it('moves waiting for one subscription hold none after it', async () => {
    const { free, result } = await restFreeWhileWaiting('subscriptions', () =>
      applyRenewalMoves(handle.db, renewedFrom(1)),
    );
    expect(free).toBe(true);
    expect(result.size).toBe(COUNT);
  });

  it('moves waiting for one claim hold no claim after it', async () => {
    const { free, result } = await restFreeWhileWaiting('subscription_renewals', () =>
      applyRenewalMoves(handle.db, renewedFrom(2)),
    );
    expect(free).toBe(true);
    expect(result.size).toBe(COUNT);
  });
});
