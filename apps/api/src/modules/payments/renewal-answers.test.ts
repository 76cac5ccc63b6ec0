import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { seedDueSubscriptions } from '../../test-support/due-subscriptions';
import { restFreeWhileWaiting } from '../../test-support/row-locks';
import { storeRenewalAnswers } from './renewal-payments';

const COUNT = 40;

// A renewal batch stores its charges' answers on their payments in one statement. Two nodes
// charging the same batch (a claim that ran out mid-charge) store answers for the same payments;
// taken in the order of a join, the two statements could deadlock (40P01), as the renewal claims
// did in CI. Taken in id order, one that waits for a payment holds none after it.
describeOnPostgres('renewal answers take their payments in id order', () => {
  let cluster: Cluster;
  let handle: DatabaseHandle;
  let holder: pg.Client;
  let payments: { id: string; order_id: string }[];
  beforeAll(async () => {
    cluster = await startCluster();
    handle = await openDatabase({ databaseUrl: cluster.url, pgliteDir: 'unused' });
    await seedDueSubscriptions(handle.db, COUNT);
    holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    ({ rows: payments } = await holder.query<{ id: string; order_id: string }>(
      'select id, order_id from payments order by id',
    ));
  }, 120_000);
  afterAll(async () => {
    await holder.end();
    await handle.close();
    cluster.stop();
  });

  it('answers waiting for one payment hold none after it, and then are all stored', async () => {
    // Listed from the highest id down, as a batch may list them.
    const answers = payments.toReversed().map(({ id, order_id }, n) => ({
      paymentId: id,
      orderId: order_id,
      status: n % 2 === 0 ? ('paid' as const) : ('error' as const),
    }));
    const { free } = await restFreeWhileWaiting(
      holder,
      { table: 'payments', key: 'id', lowestId: payments[0]!.id },
      () => storeRenewalAnswers(handle.db, answers),
    );
    expect(free).toBe(true);
    const { rows } = await holder.query<{ type: string; n: number }>(
      `select answer->>'type' as type, count(*)::int as n from payments group by 1 order by 1`,
    );
    expect(rows).toEqual([
      { type: 'done', n: COUNT / 2 },
      { type: 'error', n: COUNT / 2 },
    ]);
  });
});
