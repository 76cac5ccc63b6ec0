import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/api/src/db/postgres-cluster';
import { buildApi } from './api-build.mjs';
import { root } from './web-build.mjs';

// Inside the checkout: the bundle finds its npm packages in node_modules up the tree.
mkdirSync(path.join(root, 'apps/api/dist'), { recursive: true });
const dir = mkdtempSync(path.join(root, 'apps/api/dist/build-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const outfile = path.join(dir, 'nested/main.js');
let building: Promise<void> | undefined;
/** One build for the tests of this file. */
const built = () => (building ??= buildApi(outfile));

describe('the compiled api (scripts/api-build.mjs)', () => {
  it('starts from a bundle in another folder: migrations, seed data and packages resolve', async () => {
    await built();
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

  it('prints billing documents in a worker of its own, run by plain Node', async () => {
    await built();
    // The bundle's render pool starts the bundled worker beside it, not the TypeScript source.
    const main = readFileSync(outfile, 'utf8');
    expect(main).toContain('new URL("./render-worker.js", import.meta.url)');
    expect(main).not.toContain('render-worker.ts');
    const worker = path.join(dir, 'nested/render-worker.js');
    const job = {
      id: 1,
      task: 'receiptMail',
      input: {
        locale: 'he',
        orderId: '6f1c2b9a-0000-4000-8000-000000000000',
        amountMinor: 9999,
        currency: 'ILS',
        numbers: ['AEGIS_VPN-2026-000001'],
        sellers: ['Aegis VPN Ltd.'],
        accountUrl: 'https://checkout.example/he/dashboard/',
        renewals: [],
      },
    };
    const script = `
      const { Worker } = await import('node:worker_threads');
      const worker = new Worker(${JSON.stringify(worker)});
      worker.on('message', (answer) => { console.log(JSON.stringify(answer)); worker.terminate(); });
      worker.postMessage(${JSON.stringify(job)});`;
    const answer = await new Promise<string>((resolve, reject) => {
      const file = path.join(dir, 'print-receipt.mjs');
      writeFileSync(file, script);
      const node = spawn(process.execPath, [file], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      node.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      node.on('error', reject);
      node.on('close', () => resolve(out));
    });
    const { id, value } = JSON.parse(answer) as { id: number; value: { html: string } };
    expect(id).toBe(1);
    expect(value.html).toMatch(/<html[^>]*dir="rtl"/);
  }, 240_000);
});
