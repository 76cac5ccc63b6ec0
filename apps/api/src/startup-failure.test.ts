/** Start-up failures name the variable to fix (issue 28, finding 5). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, readPgliteTemplate } from './db/client';
import { loadEnv } from './env';
import { startupFailure } from './startup-failure';

// A PGLITE_DIR that names a file: no folder can be made there.
const scratch = mkdtempSync(path.join(tmpdir(), 'startup-failure-'));
const file = path.join(scratch, 'not-a-folder');
writeFileSync(file, '');
const env = loadEnv({ API_PORT: '4567', PGLITE_DIR: path.join(file, 'pglite') });

describe('start-up failures', () => {
  it('names API_PORT when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const second = createServer();
    const error = await new Promise<unknown>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    taken.close();
    expect(startupFailure(error, 'listen', env)).toMatch(/^API_PORT 4567 is in use/);
  });

  it('names PGLITE_DIR when the folder cannot be made', async () => {
    const error = await openDatabase({ pgliteDir: env.PGLITE_DIR }).catch((e: unknown) => e);
    rmSync(scratch, { recursive: true, force: true });
    expect(startupFailure(error, 'database', env)).toMatch(/^PGLITE_DIR .* cannot be written/);
  });

  it('names PGLITE_TEMPLATE when its file is missing', async () => {
    const missing = path.join(scratch, 'no-template.tar');
    const error = await readPgliteTemplate(missing).catch((e: unknown) => e);
    expect(startupFailure(error, 'database', env)).toBe(
      `PGLITE_TEMPLATE ${missing} does not exist`,
    );
  });

  it('names DATABASE_URL, without its password, when PostgreSQL cannot be reached', async () => {
    const url = 'postgres://checkout:s3cret@127.0.0.1:1/checkout';
    const error = await openDatabase({ databaseUrl: url, pgliteDir: '' }).catch((e: unknown) => e);
    const message = startupFailure(error, 'database', { ...env, DATABASE_URL: url });
    expect(message).toMatch(/^DATABASE_URL: the database cannot be reached .*ECONNREFUSED/);
    expect(message).not.toContain('s3cret');
  });
});
