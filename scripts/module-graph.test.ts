import { describe, expect, it } from 'vitest';
import { forbiddenImports, importGraph, moduleCycles } from './module-graph.mjs';

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

  it('refuses a shell service that reaches into a module, but lets the schema gather tables', () => {
    const planted = {
      'apps/api/src/mail/transport.ts': ['apps/api/src/modules/identity/mailer.ts'],
      'apps/api/src/db/schema.ts': ['apps/api/src/modules/orders/tables.ts'],
      'apps/api/src/jobs/queue.ts': ['apps/api/src/db/client.ts', 'packages/core/src/index.ts'],
    };
    expect(forbiddenImports(planted)).toEqual([
      'apps/api/src/mail/transport.ts -> apps/api/src/modules/identity/mailer.ts',
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
