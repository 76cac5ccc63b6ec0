/** One process at a time on an embedded database folder: a second opener is refused, not let in. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migratedTemplate } from './test-template';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-lock-'));
  dirs.push(dir);
  return dir;
};
// A folder's first opening starts from the migrated template instead of initdb and every migration.
const open = async (pgliteDir: string) =>
  openDatabase({ pgliteDir, pgliteTemplate: await migratedTemplate() });
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('PGLITE_DIR held by one process', () => {
  it('refuses a second opener while the first holds the folder, naming the folder and holder', async () => {
    const dir = tempDir();
    const first = await open(dir);
    try {
      await expect(open(dir)).rejects.toThrow(
        new RegExp(`PGLITE_DIR ${dir} is in use by process ${process.pid}`),
      );
    } finally {
      await first.close();
    }
    const again = await open(dir);
    await again.close();
  }, 60_000);

  it('takes over the folder of a process that died without letting go', async () => {
    const dir = tempDir();
    // A pid far above any the kernel hands out (pid_max is at most 4,194,304).
    writeFileSync(path.join(dir, 'checkout-owner.pid'), '99999999\n');
    const database = await open(dir);
    await database.close();
  }, 60_000);

  it("takes over a folder that names this process's pid from a former life", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'checkout-owner.pid'), `${process.pid}\n`);
    const database = await open(dir);
    await database.close();
  }, 60_000);
});
