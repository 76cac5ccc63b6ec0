import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { productionEnv } from '../../test-env';

interface Answer {
  data?: { __schema?: { types: { name: string }[] } } | null;
  errors?: { message: string }[];
}

const INTROSPECTION = '{ __schema { types { name } } }';
const TYPE_QUERY = '{ __type(name: "Query") { fields { name } } }';

describe('GraphQL introspection', () => {
  let local: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    local = await createTestApp();
    production = await createTestApp(productionEnv());
  }, 60_000);
  afterAll(async () => {
    await local.close();
    await production.close();
  });

  const ask = (t: TestApp, query: string) =>
    t.app.inject({ method: 'POST', url: '/graphql', payload: { query } });

  it('describes the schema outside production, for developers', async () => {
    const answer = (await ask(local, INTROSPECTION)).json<Answer>();
    expect(answer.data?.__schema?.types.map((t) => t.name)).toContain('Query');
  });

  it('refuses __schema and __type in production and names no type', async () => {
    for (const query of [INTROSPECTION, TYPE_QUERY]) {
      const res = await ask(production, query);
      expect(res.statusCode).toBeLessThan(500);
      const answer = res.json<Answer>();
      expect(answer.data ?? undefined).toBeUndefined();
      expect(answer.errors?.[0]?.message).toMatch(/introspection/i);
      expect(res.body).not.toContain('getPackagePlans');
    }
  });

  it('still answers the checkout’s own pricing query in production', async () => {
    const res = await ask(
      production,
      '{ getPackagePlans(currencyCode: "USD", packageId: "vpn-default") { identifier __typename } }',
    );
    const answer = res.json<{ data?: { getPackagePlans: { identifier: string } }; errors?: [] }>();
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.getPackagePlans.identifier).toBe('vpn-default');
  });
});
