import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../apps/api/src/test-app';
import { loadExperimentCounts } from '../apps/api/src/modules/analytics/experiment-results';
import { experiments as experimentsTable } from '../apps/api/src/modules/experiments/tables';
import {
  configuredWeights,
  experimentResults,
  formatTable,
  loadConfiguredExperiments,
  parseWeights,
  renderReport,
  type Weights,
} from './experiment-report';

/**
 * A seeded data set with known answers, sent through the real collector:
 * big-pay-button: a 100 visitors, 10 convert for 10.00 USD; b 100 visitors, 20 convert for
 * 10.00 USD each and 2 of them once more in EUR (5.00). Uplift +10 pp, se 0.05.
 * plan-upsell: 130 against 70 visitors on a 50/50 split: χ² = 18, a sample ratio mismatch.
 */
describe('npm run report:experiments', () => {
  let t: TestApp;
  let time = Date.parse('2026-11-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ EVENTS_RATE_LIMIT_MAX: '100000' });
    const visit = async (
      experiment: string,
      variant: string,
      conversions: { revenue: number; currency: string }[] = [],
      options: { convertBefore?: boolean; alsoExposedTo?: string } = {},
    ) => {
      const browserId = randomUUID();
      const event = (name: string, data: Record<string, unknown>) => ({
        id: randomUUID(),
        event: name,
        time: (time += 1000),
        page: '/payment/',
        section: null,
        element: null,
        context: {},
        data,
      });
      const conversion = (c: { revenue: number; currency: string }) =>
        event('conversion', {
          order_id: randomUUID(),
          revenue_minor: c.revenue,
          currency: c.currency,
        });
      const events = [
        ...(options.convertBefore ? [conversion({ revenue: 999_999, currency: 'USD' })] : []),
        event('experiment_exposure', { experiment_id: experiment, variant }),
        ...(options.alsoExposedTo
          ? [
              event('experiment_exposure', {
                experiment_id: experiment,
                variant: options.alsoExposedTo,
              }),
            ]
          : []),
        ...conversions.map(conversion),
      ];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events/',
        cookies: { browser_id: browserId },
        payload: { browser_id: browserId, events },
      });
      expect(res.statusCode).toBe(202);
    };
    const usd = { revenue: 1000, currency: 'USD' };
    for (let i = 0; i < 100; i++) {
      // A conversion before the exposure is not the experiment's; a second exposure changes nothing.
      await visit('big-pay-button', 'a', i < 10 ? [usd] : [], {
        convertBefore: i === 50,
        alsoExposedTo: i === 60 ? 'b' : undefined,
      });
    }
    for (let i = 0; i < 100; i++) {
      await visit(
        'big-pay-button',
        'b',
        i < 20 ? [usd, ...(i < 2 ? [{ revenue: 500, currency: 'EUR' }] : [])] : [],
      );
    }
    for (let i = 0; i < 130; i++) await visit('plan-upsell', 'control');
    for (let i = 0; i < 70; i++) await visit('plan-upsell', 'test');
  }, 120_000);
  afterAll(() => t.close());

  it('gives visitors, conversions, rates, revenue per visitor and uplift with its interval', async () => {
    const [button] = experimentResults(await loadExperimentCounts(t.database.db));
    expect(button?.experiment).toBe('big-pay-button');
    const [a, b] = button?.variants ?? [];
    expect(a).toMatchObject({ variant: 'a', visitors: 100, conversions: 10, rate: 0.1 });
    expect(a?.revenuePerVisitorMinor).toEqual({ USD: 100 });
    expect(b).toMatchObject({ variant: 'b', visitors: 100, conversions: 20, rate: 0.2 });
    expect(b?.revenuePerVisitorMinor).toEqual({ EUR: 10, USD: 200 });
    expect(b?.uplift?.absolute).toBeCloseTo(0.1, 10);
    expect(b?.uplift?.low).toBeCloseTo(0.1 - 1.959964 * 0.05, 5);
    expect(b?.uplift?.high).toBeCloseTo(0.1 + 1.959964 * 0.05, 5);
    expect(b?.uplift?.relative).toBeCloseTo(1, 10);
    expect(button?.srm).toMatchObject({ chiSquare: 0, mismatch: false });
  });

  it('flags a sample ratio mismatch against the weights, and not against weights that match', async () => {
    const counts = await loadExperimentCounts(t.database.db);
    const upsell = experimentResults(counts).find((r) => r.experiment === 'plan-upsell');
    expect(upsell?.srm.chiSquare).toBeCloseTo(18, 10);
    expect(upsell?.srm.pValue).toBeCloseTo(2.2e-5, 6);
    expect(upsell?.srm.mismatch).toBe(true);
    const weighted = experimentResults(counts, parseWeights('plan-upsell=control:65,test:35'));
    expect(weighted.find((r) => r.experiment === 'plan-upsell')?.srm.mismatch).toBe(false);
  });

  it('prints the table and writes an HTML report with a chart per experiment', async () => {
    const results = experimentResults(await loadExperimentCounts(t.database.db));
    const table = formatTable(results);
    expect(table).toContain('Experiment big-pay-button');
    expect(table).toMatch(
      /b\s+1\s+100\s+20\s+20\.00% \[12\.16%, 27\.84%\]\s+€0\.10 \/ \$2\.00\s+\+10\.00 pp \[\+0\.20, \+19\.80\]/,
    );
    expect(table).toContain('SAMPLE RATIO MISMATCH');
    // plan-upsell has no conversions: a verdict, not a "+0.00 % rel." read off nothing.
    expect(table).toMatch(/test\s+1\s+70\s+0\s.*not enough data/);
    const html = renderReport(results, new Date('2026-11-23T12:00:00Z'));
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('plan-upsell');
    expect(html).toContain('class="srm bad"');
  });
});

describe('npm run report:experiments, weights from the experiments table', () => {
  let t: TestApp;
  let time = Date.parse('2026-11-02T00:00:00Z');
  const expose = async (experiment: string, variant: string) => {
    const browserId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      cookies: { browser_id: browserId },
      payload: {
        browser_id: browserId,
        events: [
          {
            id: randomUUID(),
            event: 'experiment_exposure',
            time: (time += 1000),
            page: '/payment/',
            section: null,
            element: null,
            context: {},
            data: { experiment_id: experiment, variant },
          },
        ],
      },
    });
    expect(res.statusCode).toBe(202);
  };
  const row = (id: string, allocation: number, variants: { value: string; weight: number }[]) => ({
    id,
    type: 'segment',
    isolate: false,
    allocation,
    variants,
    allocator: ['checkout'],
    status: 'running',
  });

  /**
   * report-split: control 1 : big 3 with half the traffic excluded; 50 and 150 visitors match it
   * exactly (χ² 0), against an even split they are χ² = 2·50²/100 = 50.
   * report-silent: control 1 : b 1, and b never shown: 60 against 0 is χ² = 2·30²/30 = 60.
   */
  beforeAll(async () => {
    t = await createTestApp({ EVENTS_RATE_LIMIT_MAX: '100000' });
    await t.database.db.insert(experimentsTable).values([
      row('report-split', 0.5, [
        { value: 'control', weight: 1 },
        { value: 'big', weight: 3 },
      ]),
      row('report-silent', 1, [
        { value: 'control', weight: 1 },
        { value: 'b', weight: 1 },
      ]),
    ]);
    for (let i = 0; i < 50; i++) await expose('report-split', 'control');
    for (let i = 0; i < 150; i++) await expose('report-split', 'big');
    for (let i = 0; i < 60; i++) await expose('report-silent', 'control');
  }, 120_000);
  afterAll(() => t.close());

  const results = async (weights?: Weights) =>
    experimentResults(
      await loadExperimentCounts(t.database.db),
      weights ?? configuredWeights(await loadConfiguredExperiments(t.database.db)),
    );

  it('reads the weights and the excluded share of each experiment from its row', async () => {
    const weights = configuredWeights(await loadConfiguredExperiments(t.database.db));
    expect(weights['report-split']).toEqual({ control: 0.125, big: 0.375, excl: 0.5 });
    const split = (await results()).find((r) => r.experiment === 'report-split');
    expect(split?.srm).toMatchObject({ chiSquare: 0, mismatch: false });
    // The configured first variant is the control, whatever the names' order.
    expect(split?.variants.map((v) => v.variant)).toEqual(['control', 'big']);
    // Exposures without a single conversion: no uplift is read off them.
    expect(split?.variants[1]).toMatchObject({ enoughData: false, uplift: null });
    const even = (await results({})).find((r) => r.experiment === 'report-split');
    expect(even?.srm.chiSquare).toBeCloseTo(50, 10);
    expect(even?.srm.mismatch).toBe(true);
  });

  it('flags a configured variant nobody was shown', async () => {
    const silent = (await results()).find((r) => r.experiment === 'report-silent');
    expect(silent?.variants.map((v) => [v.variant, v.visitors])).toEqual([
      ['control', 60],
      ['b', 0],
    ]);
    expect(silent?.srm.chiSquare).toBeCloseTo(60, 10);
    expect(silent?.srm.mismatch).toBe(true);
  });

  it('lets --weights override one experiment and keeps the table for the others', async () => {
    const table = configuredWeights(await loadConfiguredExperiments(t.database.db));
    const merged = { ...table, ...parseWeights('report-split=control:1,big:1') };
    const all = await results(merged);
    expect(all.find((r) => r.experiment === 'report-split')?.srm.chiSquare).toBeCloseTo(50, 10);
    expect(all.find((r) => r.experiment === 'report-silent')?.srm.chiSquare).toBeCloseTo(60, 10);
  });
});
