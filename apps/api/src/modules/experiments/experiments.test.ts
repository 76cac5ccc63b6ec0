import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EXPERIMENT_HEADER, INTERNAL_TOKEN_HEADER } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { experiments } from './tables';

const QUERY = /* GraphQL */ `
  query Plans($currencyCode: String!, $packageId: String!) {
    getPackagePlans(currencyCode: $currencyCode, packageId: $packageId) {
      identifier
      plans {
        identifier
      }
    }
  }
`;

/** What the web server proves itself with on its server-to-server reads. */
const TOKEN = 'experiments-test-internal-token-0123456789';

describe('experiments in the api', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // Re-read on every request, so a test sees its own edits at once.
    t = await createTestApp(
      { CATALOG_REFRESH_MS: '1', LOG_LEVEL: 'warn', INTERNAL_API_TOKEN: TOKEN },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/experiments/',
      headers: { [INTERNAL_TOKEN_HEADER]: TOKEN },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ experiments: { id: string; status: string }[] }>().experiments;
  };

  const plans = async (headers: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      payload: { query: QUERY, variables: { currencyCode: 'USD', packageId: 'vpn-default' } },
    });
    expect(response.statusCode).toBe(200);
    const pkg = response.json<{
      data: { getPackagePlans: { identifier: string; plans: { identifier: string }[] } };
    }>().data.getPackagePlans;
    return { identifier: pkg.identifier, plans: pkg.plans.map((p) => p.identifier) };
  };

  it('keeps the experiments (rules, weights, redirects) from anyone but the web server', async () => {
    for (const headers of [{}, { [INTERNAL_TOKEN_HEADER]: 'guessed-token' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/experiments/', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthenticated' } });
      expect(response.body).not.toContain('big-payment-cta');
    }
    expect((await list()).length).toBeGreaterThan(0);
  });

  it('serves the seeded §9 experiments, one of them running', async () => {
    const seeded = await list();
    expect(seeded.map((e) => e.id)).toEqual(
      expect.arrayContaining([
        'vpn-duo-plan',
        'family-cross-sell',
        'new-payment-method-form',
        'big-payment-cta',
        'plan-upsell',
        'travel-data-addon',
        'plan-title',
        'email-in-payment',
        'section-header-copy',
        'cross-sell-copy',
        'plan-features',
        'cross-sell-step-desktop',
        'card-input-layout',
        'renewal-price-disclaimer',
        'signup-methods',
      ]),
    );
    expect(seeded.filter((e) => e.status === 'running').map((e) => e.id)).toEqual([
      'big-payment-cta',
    ]);
  });

  it('refuses a malformed row by its id and keeps serving the others', async () => {
    await t.database.db.insert(experiments).values({
      id: 'broken-row',
      type: 'segment',
      variants: [{ value: 'b', weight: 'heavy' }],
      allocator: ['checkout'],
      status: 'running',
    });
    const served = await list();
    expect(served.map((e) => e.id)).not.toContain('broken-row');
    expect(served.map((e) => e.id)).toContain('big-payment-cta');
    const warning = lines.find((l) => l.includes('experiment refused'));
    expect(warning).toContain('"experiment":"broken-row"');
    expect(warning).toContain('variants.0.weight');
    await t.database.db.delete(experiments).where(eq(experiments.id, 'broken-row'));
  });

  it('prices the duo package for a visitor in the running duo variant, and nobody else', async () => {
    // Paused as seeded: the header changes nothing.
    expect((await plans({ [EXPERIMENT_HEADER]: 'vpn-duo-plan:duo' })).plans).not.toContain(
      'vpn-duo-1y',
    );
    // An operator starts it: the next read (within the refresh interval) prices the variant.
    await t.database.db
      .update(experiments)
      .set({ status: 'running' })
      .where(eq(experiments.id, 'vpn-duo-plan'));
    const duo = await plans({ [EXPERIMENT_HEADER]: 'big-payment-cta:big+vpn-duo-plan:duo' });
    expect(duo.identifier).toBe('vpn-duo');
    expect(duo.plans).toEqual(expect.arrayContaining(['vpn-duo-1y', 'vpn-duo-2y', 'vpn-plus-1y']));
    // The answer cache keeps the variants apart: control, no header and forged values see the default.
    for (const header of ['vpn-duo-plan:control', undefined, 'vpn-duo-plan:free', '<x>:duo']) {
      const view = await plans(header === undefined ? {} : { [EXPERIMENT_HEADER]: header });
      expect(view.identifier).toBe('vpn-default');
      expect(view.plans).not.toContain('vpn-duo-1y');
    }
    await t.database.db
      .update(experiments)
      .set({ status: 'paused' })
      .where(eq(experiments.id, 'vpn-duo-plan'));
    expect((await plans({ [EXPERIMENT_HEADER]: 'vpn-duo-plan:duo' })).identifier).toBe(
      'vpn-default',
    );
  });
});
