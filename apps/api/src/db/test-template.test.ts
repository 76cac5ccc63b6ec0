import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, queryRows, type DatabaseHandle } from './client';
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

/** initdb picks a random system identifier: a database loaded from the template keeps its own. */
async function systemIdentifier(database: DatabaseHandle): Promise<string> {
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select system_identifier::text as id from pg_control_system()`,
  );
  return rows[0]?.id ?? '';
}

describe('a test database in a folder', () => {
  it('starts from the template when the folder is empty, and keeps its data when opened again', async () => {
    const template = await migratedTemplate();
    const dir = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
    try {
      const memory = await openDatabase({ pgliteDir: 'memory://', pgliteTemplate: template });
      const templateId = await systemIdentifier(memory);
      await memory.close();
      const first = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
      expect(await systemIdentifier(first)).toBe(templateId);
      await queryRows(first.db, sql`create table kept (id int)`);
      await first.close();
      // The folder holds a database now: opened again, it is that one, not the template.
      const again = await openDatabase({ pgliteDir: dir, pgliteTemplate: template });
      const kept = await queryRows<{ n: number }>(
        again.db,
        sql`select count(*)::int as n from pg_tables where tablename = 'kept'`,
      );
      expect(kept[0]?.n).toBe(1);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
