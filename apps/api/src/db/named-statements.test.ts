import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { catalogMeta } from '../modules/catalog/tables';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { describeOnPostgres } from './describe-on-postgres';
import { startCluster, type Cluster } from './postgres-cluster';
import { statementName } from './query-errors';

interface PreparedStatement {
  name: string;
  statement: string;
}

describeOnPostgres('statements on PostgreSQL', () => {
  let cluster: Cluster;
  let database: DatabaseHandle;
  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({ databaseUrl: cluster.url, pgliteDir: 'unused' });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    cluster?.stop();
  });

  /** The statements prepared in the session of `db` (a transaction keeps one connection). */
  async function prepared(db: Pick<Database, 'execute'>): Promise<PreparedStatement[]> {
    const result: unknown = await db.execute(
      sql`select name, statement from pg_prepared_statements`,
    );
    return (result as { rows: PreparedStatement[] }).rows;
  }

  it("prepares each of drizzle's statements once per connection, by its text's name", async () => {
    const text = await database.db.transaction(async (tx) => {
      const read = () =>
        tx.select({ value: catalogMeta.value }).from(catalogMeta).where(eq(catalogMeta.key, 'x'));
      await read();
      await read();
      return { sql: read().toSQL().sql, prepared: await prepared(tx) };
    });
    expect(text.prepared.filter((row) => row.statement === text.sql)).toEqual([
      { name: statementName(text.sql), statement: text.sql },
    ]);
  });

  it('leaves a statement without parameters to the simple protocol', async () => {
    const statements = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 42 as answer`);
      return prepared(tx);
    });
    expect(statements.map((row) => row.statement)).not.toContain('select 42 as answer');
  });
});
