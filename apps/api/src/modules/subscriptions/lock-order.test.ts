import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { seedDueSubscriptions } from '../../test-support/due-subscriptions';
import { restFreeWhileWaiting as restFreeWhileWaitingFor } from '../../test-support/row-locks';
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

  /** Runs `statement` while the lowest id's row of `table` is held (test-support/row-locks.ts). */
  const restFreeWhileWaiting = <T>(
    table: 'subscriptions' | 'subscription_renewals',
    statement: () => Promise<T>,
  ) =>
    restFreeWhileWaitingFor(
      holder,
      { table, key: table === 'subscriptions' ? 'id' : 'subscription_id', lowestId: ids[0]! },
      statement,
    );

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
