import { describe, expect, it } from 'vitest';
import {
  appSources,
  crossAppImports,
  forbiddenImports,
  importGraph,
  moduleCycles,
  unusedByProduct,
} from './module-graph.mjs';

describe('the api module map (docs/architecture.md)', async () => {
  const { graph, fileCycles } = await importGraph();

  it('has no import cycle between files', () => {
    expect(fileCycles).toEqual([]);
  });

  it('has no cycle between modules (users, orders, identity, carts among them)', () => {
    expect(moduleCycles(graph)).toEqual([]);
  });

  it('lets only the provider registry import a provider, the sandbox import only the port, the shell import no module, and only payments/outcome.ts move orders', () => {
    expect(forbiddenImports(graph)).toEqual([]);
  });

  it('has no file of the api or core that only tests use outside test-support/', () => {
    expect(unusedByProduct(graph)).toEqual([]);
  });

  it('refuses a shell service that reaches into a module, but lets the schema gather tables', () => {
    const planted = {
      'apps/api/src/mail/transport.ts': ['apps/api/src/modules/identity/mailer.ts'],
      'apps/api/src/schema.ts': ['apps/api/src/modules/orders/tables.ts'],
      'apps/api/src/jobs/queue.ts': ['apps/api/src/db/client.ts', 'packages/core/src/index.ts'],
    };
    expect(forbiddenImports(planted)).toEqual([
      'apps/api/src/mail/transport.ts -> apps/api/src/modules/identity/mailer.ts',
    ]);
  });

  it('keeps the web app, the api and core apart: web and api reach only core, core nothing of ours', async () => {
    const files = await appSources();
    expect(Object.keys(files).some((file) => file.startsWith('apps/web/src/'))).toBe(true);
    expect(crossAppImports(files)).toEqual([]);
  });

  it('refuses an import across the apps, by relative path or by package name', () => {
    const planted = {
      'apps/web/src/lib/prices.ts':
        "import { loadTaxTable } from '../../../api/src/modules/taxes/tax-table';",
      'packages/core/src/money.ts': "import type { CartView } from '@checkout/web/cart';",
      'apps/api/src/modules/carts/service.ts':
        "import { money } from '@checkout/core';\nimport { x } from './store';\nimport { z } from 'zod';",
    };
    expect(crossAppImports(planted)).toEqual([
      'apps/web/src/lib/prices.ts -> apps/api/src/modules/taxes/tax-table',
      'packages/core/src/money.ts -> @checkout/web/cart',
    ]);
  });

  it('finds a cycle between modules when there is one', () => {
    const looped = {
      'apps/api/src/modules/a/x.ts': ['apps/api/src/modules/b/y.ts'],
      'apps/api/src/modules/b/y.ts': ['apps/api/src/modules/c/z.ts'],
      'apps/api/src/modules/c/z.ts': ['apps/api/src/modules/a/w.ts'],
      'apps/api/src/modules/a/w.ts': [],
    };
    expect(moduleCycles(looped)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
