import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/db/postgres-cluster';
import { buildApi } from './api-build.mjs';
import { root } from './web-build.mjs';

// Inside the checkout: the bundle finds its npm packages in node_modules up the tree.
mkdirSync(path.join(root, 'apps/api/dist'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'apps/api/dist/build-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the compiled api (scripts/api-build.mjs)', () => {
  it('starts from a bundle in another folder: migrations, seed data and packages resolve', async () => {
    const outfile = path.join(dir, 'nested/main.js');
    await buildApi(outfile);
    const port = await freePort();
    const api = spawn(process.execPath, [outfile], {
      cwd: dir,
      env: { ...process.env, API_PORT: String(port), PGLITE_DIR: 'memory://', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    api.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      let answer: { status: string; database: string } | undefined;
      while (!answer && api.exitCode === null) {
        answer = await fetch(`http://127.0.0.1:${port}/api/health/`)
          .then((r) =>
            r.ok ? (r.json() as Promise<{ status: string; database: string }>) : undefined,
          )
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(stderr).toBe('');
      expect(answer).toEqual({ status: 'ok', database: 'pglite' });
      // A cart reads the seeded catalog, the tax rates and the blocked domains (data/).
      const cart = await fetch(`http://127.0.0.1:${port}/api/carts/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          mainPlan: 'vpn-basic-1y',
          currency: 'USD',
          country: 'US',
          email: 'build-test@gmail.com',
        }),
      });
      expect(cart.status).toBe(201);
    } finally {
      api.kill('SIGTERM');
    }
  }, 240_000);
});
