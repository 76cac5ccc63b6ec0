/**
 * Who writes which table of the api (docs/architecture.md: a module owns its tables; another
 * module asks it, never writes them). A table belongs to the room whose `tables.ts` defines it;
 * a write is an insert, update or delete through Drizzle (`.insert(table)`) or in SQL text
 * (`insert into t`, `update t … set`, `delete from t`). Tests and test helpers may write anywhere.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'node:fs/promises';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = 'apps/api/src';
const TESTS = [/\.test\.tsx?$/, /(^|\/)test-[\w-]+\.tsx?$/, /\/test-support\//];

/**
 * The room a file belongs to: a module (`modules/<name>/`), a provider adapter of the payments
 * port (`modules/payments/providers/<name>/`, its own tables), or a folder of the shell.
 */
export function roomOf(file) {
  const provider = /^apps\/api\/src\/modules\/payments\/providers\/([\w-]+)\//.exec(file);
  if (provider) return `payments/providers/${provider[1]}`;
  const module = /^apps\/api\/src\/modules\/([\w-]+)\//.exec(file);
  if (module) return module[1];
  const shell = /^apps\/api\/src\/([\w-]+)\//.exec(file);
  return shell ? shell[1] : 'app';
}

const TABLE = /export const (\w+) = pgTable\(\s*'(\w+)'/g;
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g;
const SQL_WRITE =
  /\b(insert\s+into|delete\s+from|update)\s+(\w+)(?:\s+\w+)?\s+(?=set\b|\(|select\b|values\b|where\b|returning\b|using\b)/gi;

/** Each table's owner, from the `tables.ts` files: by SQL name and by the constant naming it. */
export function tableOwners(tableFiles) {
  const byName = new Map();
  const byConst = new Map();
  for (const [file, text] of Object.entries(tableFiles)) {
    for (const [, constant, name] of text.matchAll(TABLE)) {
      byName.set(name, roomOf(file));
      byConst.set(constant, name);
    }
  }
  return { byName, byConst };
}

/** The writes of one file's text: `{ table, line }` for every table it inserts, updates or deletes. */
export function writesIn(text, owners) {
  const found = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  for (const match of text.matchAll(DRIZZLE_WRITE)) {
    const table = owners.byConst.get(match[2]);
    if (table) found.push({ table, line: lineAt(match.index) });
  }
  for (const match of text.matchAll(SQL_WRITE)) {
    const table = match[2].toLowerCase();
    if (owners.byName.has(table)) found.push({ table, line: lineAt(match.index) });
  }
  return found;
}

/** `file:line writes table (owned by room)` for every write outside the table's owning room. */
export function foreignWrites(files, owners) {
  const problems = [];
  for (const [file, text] of Object.entries(files)) {
    const room = roomOf(file);
    for (const { table, line } of writesIn(text, owners)) {
      const owner = owners.byName.get(table);
      if (owner !== room) problems.push(`${file}:${line} writes ${table} (owned by ${owner})`);
    }
  }
  return problems;
}

/** The api's source files (tests left out), repository-relative, with their text. */
export async function apiSources() {
  const files = {};
  for await (const file of glob(`${SOURCE}/**/*.{ts,tsx}`, { cwd: ROOT })) {
    if (TESTS.some((test) => test.test(file))) continue;
    files[file] = await readFile(path.join(ROOT, file), 'utf8');
  }
  return files;
}

export async function checkTableWriters() {
  const files = await apiSources();
  const tableFiles = Object.fromEntries(
    Object.entries(files).filter(([file]) => file.endsWith('/tables.ts')),
  );
  const owners = tableOwners(tableFiles);
  return { owners, problems: foreignWrites(files, owners) };
}
