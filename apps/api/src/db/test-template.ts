/**
 * Tests: a migrated PGlite data folder, made once and kept under node_modules/.cache, keyed by
 * the migrations and PGlite's version. Each test database loads it instead of running initdb and
 * every migration again: 5 to 13 s a database on a busy 2-core machine, against about 1 s.
 * Vitest's globalSetup (scripts/vitest-global-setup.ts) makes it before the workers start.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openAsBlob, readdirSync, readFileSync, renameSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder, openDatabase } from './client';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const cacheDir = path.join(root, 'node_modules/.cache/checkout-pglite');

/** The file of the template for today's migrations and PGlite. */
function templateFile(): string {
  const hash = createHash('sha256');
  // PGlite's entry is dist/index.js; its package.json (and version) is one folder up.
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(readFileSync(path.join(pglite, '../package.json')));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsFolder)) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  return path.join(cacheDir, `${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the template when today's is missing; written whole or not at all (a rename). */
export async function ensureTemplate(): Promise<string> {
  const file = templateFile();
  if (existsSync(file)) return file;
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const { $client: client } = database.db as unknown as {
      $client: { dumpDataDir(compression: 'none'): Promise<Blob> };
    };
    const dump = await client.dumpDataDir('none');
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

let template: Promise<Blob> | undefined;

/** The migrated template as a Blob for PGlite's `loadDataDir`, read once per test file. */
export function migratedTemplate(): Promise<Blob> {
  template ??= ensureTemplate().then((file) => openAsBlob(file));
  return template;
}
