import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, queryRows } from './client';
import { migratedTemplate } from './test-template';

const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: unknown[];
};

describe('the migrated PGlite template of the tests', () => {
  it('holds every migration, and a database opened from it is its own copy', async () => {
    const template = await migratedTemplate();
    const open = () => openDatabase({ pgliteDir: 'memory://', pgliteTemplate: template });
    const one = await open();
    const two = await open();
    try {
      const applied = await queryRows<{ n: number }>(
        one.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      await queryRows(one.db, sql`create table only_in_one (id int)`);
      const seen = await queryRows<{ n: number }>(
        two.db,
        sql`select count(*)::int as n from pg_tables where tablename = 'only_in_one'`,
      );
      expect(seen[0]?.n).toBe(0);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
