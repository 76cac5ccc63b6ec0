import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { comparePageBudgets, measureFirstLoadJs } from './page-budgets.mjs';

const page = (jsGzipBytes: number, zod = false) => ({ jsGzipBytes, chunks: 5, zod });

describe('comparePageBudgets', () => {
  it('fails a page 6 % over its budget, naming the page, its size and the overrun', () => {
    const result = comparePageBudgets(
      { '/[locale]/payment': page(106_000) },
      {
        '/[locale]/payment': 100_000,
      },
    );
    expect(result.ok).toBe(false);
    expect(result.rows).toEqual([
      expect.objectContaining({ route: '/[locale]/payment', status: 'over', overBy: 0.06 }),
    ]);
    expect(result.failures).toEqual([
      '/[locale]/payment: 106000 B of first-load JS (gzip), 6.0 % over its budget of 100000 B (at most 5 % allowed)',
    ]);
  });

  it('passes a page 4 % over its budget, and one that shrank', () => {
    const result = comparePageBudgets(
      { '/[locale]/payment': page(104_000), '/[locale]/pending': page(90_000) },
      { '/[locale]/payment': 100_000, '/[locale]/pending': 100_000 },
    );
    expect(result).toMatchObject({ ok: true, failures: [] });
    expect(result.rows.map((row) => row.status)).toEqual(['ok', 'ok']);
  });

  it('fails a new page without a budget, saying how to add one', () => {
    const result = comparePageBudgets({ '/[locale]/gift': page(120_000) }, {});
    expect(result.ok).toBe(false);
    expect(result.failures[0]).toMatch(
      /^\/\[locale\]\/gift: 120000 B .* no budget in bench\/page-budgets\.json/,
    );
    expect(result.failures[0]).toContain('node scripts/check-page-budgets.mjs --write');
  });

  it('fails a page within its budget whose first load ships zod, naming the page', () => {
    const result = comparePageBudgets(
      { '/[locale]/pending': page(90_000, true) },
      { '/[locale]/pending': 100_000 },
    );
    expect(result.ok).toBe(false);
    expect(result.failures).toEqual([
      expect.stringMatching(/^\/\[locale\]\/pending: its first load ships zod/),
    ]);
  });

  it('reports, without failing, a budgeted page the build no longer has', () => {
    const result = comparePageBudgets({}, { '/[locale]/old': 100_000 });
    expect(result).toMatchObject({ ok: true, rows: [{ route: '/[locale]/old', status: 'gone' }] });
  });
});

describe('measureFirstLoadJs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'page-budgets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sums the gzip size of the runtime chunks and of every segment chunk of a page, once each', () => {
    const chunk = (name: string, text: string) => {
      writeFileSync(path.join(dir, 'static/chunks', name), text);
      return gzipSync(text, { level: 9 }).length;
    };
    mkdirSync(path.join(dir, 'static/chunks'), { recursive: true });
    mkdirSync(path.join(dir, 'server/app/[locale]/payment'), { recursive: true });
    const sizes =
      chunk('runtime.js', 'runtime();'.repeat(50)) +
      chunk('layout.js', 'layout();'.repeat(80)) +
      chunk('page.js', 'payment();'.repeat(120));
    // A schema loaded on use: not part of the first load, so the page ships no zod.
    chunk('lazy.js', 'class ZodError extends Error {}'.repeat(40));
    writeFileSync(
      path.join(dir, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: ['static/chunks/runtime.js'], polyfillFiles: [] }),
    );
    writeFileSync(
      path.join(dir, 'app-path-routes-manifest.json'),
      JSON.stringify({
        '/[locale]/payment/page': '/[locale]/payment',
        '/api/processing/pre/route': '/api/processing/pre',
      }),
    );
    const manifest = {
      entryJSFiles: {
        '[project]/apps/web/src/app/layout': ['static/chunks/layout.js'],
        '[project]/apps/web/src/app/[locale]/payment/page': [
          'static/chunks/layout.js',
          'static/chunks/page.js',
        ],
      },
    };
    writeFileSync(
      path.join(dir, 'server/app/[locale]/payment/page_client-reference-manifest.js'),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/payment/page"] = ${JSON.stringify(manifest)};`,
    );
    expect(measureFirstLoadJs(dir)).toEqual({
      '/[locale]/payment': { jsGzipBytes: sizes, chunks: 3, zod: false },
    });
    chunk('layout.js', `layout();${'class ZodError extends Error {}'}`);
    expect(measureFirstLoadJs(dir)['/[locale]/payment']?.zod).toBe(true);
  });

  it("leaves out the global not-found screen's chunks, which only an unknown address loads", () => {
    const chunk = (name: string, text: string) => {
      writeFileSync(path.join(dir, 'static/chunks', name), text);
      return gzipSync(text, { level: 9 }).length;
    };
    mkdirSync(path.join(dir, 'static/chunks'), { recursive: true });
    const runtime = chunk('runtime.js', 'runtime();'.repeat(50));
    const shell = chunk('shell.js', 'shell();'.repeat(70));
    const page = chunk('page.js', 'payment();'.repeat(120));
    const lost = chunk('lost.js', 'lost();'.repeat(90));
    writeFileSync(
      path.join(dir, 'build-manifest.json'),
      JSON.stringify({ rootMainFiles: ['static/chunks/runtime.js'], polyfillFiles: [] }),
    );
    writeFileSync(
      path.join(dir, 'app-path-routes-manifest.json'),
      JSON.stringify({
        '/[locale]/payment/page': '/[locale]/payment',
        '/_not-found/page': '/_not-found',
      }),
    );
    const notFound = '[project]/apps/web/src/app/global-not-found';
    const write = (page: string, entryJSFiles: Record<string, string[]>) => {
      mkdirSync(path.join(dir, 'server/app', page, '..'), { recursive: true });
      writeFileSync(
        path.join(dir, 'server/app', `${page}_client-reference-manifest.js`),
        `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify({ entryJSFiles })};`,
      );
    };
    // Next lists the global not-found screen among every page's segments; it renders only on a 404.
    write('/[locale]/payment/page', {
      [notFound]: ['static/chunks/lost.js', 'static/chunks/shell.js'],
      '[project]/apps/web/src/app/[locale]/layout': ['static/chunks/shell.js'],
      '[project]/apps/web/src/app/[locale]/payment/page': ['static/chunks/page.js'],
    });
    write('/_not-found/page', { [notFound]: ['static/chunks/lost.js', 'static/chunks/shell.js'] });
    const measured = measureFirstLoadJs(dir);
    expect(measured['/[locale]/payment']?.jsGzipBytes).toBe(runtime + shell + page);
    expect(measured['/_not-found']?.jsGzipBytes).toBe(runtime + lost + shell);
  });
});
