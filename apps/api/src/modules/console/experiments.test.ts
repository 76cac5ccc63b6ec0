import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assignExperiments, parseExperimentRows } from '@checkout/core/experiments';
import {
  INTERNAL_TOKEN_HEADER,
  type ConsoleExperiment,
  type ConsoleExperimentDetail,
  type StaffRole,
} from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { staffBrowser } from '../../test-support/staff';
import { experiments } from '../experiments/tables';
import { auditLog } from './tables';

const ORIGIN = 'http://localhost:3000';
const TOKEN = 'console-experiments-internal-token-0123456789';
const codeOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('experiments in the console', () => {
  let t: TestApp;
  let time = Date.parse('2026-11-01T00:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ INTERNAL_API_TOKEN: TOKEN, EVENTS_RATE_LIMIT_MAX: '100000' });
  });
  afterAll(() => t.close());

  const staff = (role: StaffRole) => staffBrowser(() => t.app, t.database.db, role);
  const send = (browser: TestBrowser, method: 'POST' | 'PUT', url: string, payload: object) =>
    browser.inject({ method, url, headers: { origin: ORIGIN }, payload });
  const create = (browser: TestBrowser, id: string, weights = [50, 50]) =>
    send(browser, 'POST', '/api/console/experiments/', {
      id,
      description: 'A test of the console',
      variants: [
        { value: 'control', weight: weights[0] },
        { value: 'test', weight: weights[1] },
      ],
    });
  const command = (browser: TestBrowser, id: string, what: string) =>
    send(browser, 'POST', `/api/console/experiments/${id}/${what}/`, {});
  const row = async (id: string) =>
    (await t.database.db.select().from(experiments).where(eq(experiments.id, id)))[0];
  const auditOf = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `experiment:${id}`))
        .orderBy(auditLog.id)
    ).map((r) => ({ action: r.action, before: r.before, after: r.after }));
  /** What the web server reads to assign visitors (GET /api/experiments/), then assigns one. */
  const assignedTo = async (
    id: string,
    visitor: { country: string; language: string } = { country: 'DE', language: 'en' },
    draw = 0.1,
  ) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/experiments/',
      headers: { [INTERNAL_TOKEN_HEADER]: TOKEN },
    });
    const { experiments: list } = parseExperimentRows(
      res
        .json<{ experiments: { id: string }[] }>()
        .experiments.map((definition) => ({ id: definition.id, definition })),
    );
    const { active } = assignExperiments({
      experiments: list,
      previous: {},
      context: {
        path: '/payment/',
        ...visitor,
        cookies: {},
        params: {},
        custom: {},
      },
      now: new Date(),
      monitoring: false,
      random: () => draw,
    });
    return active[id];
  };

  it('refuses every experiment route without a session (401), and each role by its row (403)', async () => {
    const stranger = testBrowser(() => t.app);
    for (const [method, url] of [
      ['GET', '/api/console/experiments/'],
      ['GET', '/api/console/experiments/big-payment-cta/'],
      ['POST', '/api/console/experiments/'],
      ['POST', '/api/console/experiments/big-payment-cta/pause/'],
      ['PUT', '/api/console/experiments/big-payment-cta/weights/'],
    ] as const) {
      const res = await stranger.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 401, 'unauthenticated']);
    }
    const calls = async (role: StaffRole) => {
      const browser = await staff(role);
      const read = await browser.inject({ method: 'GET', url: '/api/console/experiments/' });
      // An empty body: a role let through gets 400, one refused 403.
      const change = await send(
        browser,
        'PUT',
        '/api/console/experiments/big-payment-cta/weights/',
        {},
      );
      return [read.statusCode, change.statusCode];
    };
    expect(await calls('marketing')).toEqual([200, 400]);
    expect(await calls('admin')).toEqual([200, 400]);
    expect(await calls('analyst')).toEqual([200, 403]);
    expect(await calls('finance')).toEqual([200, 403]);
    expect(await calls('support')).toEqual([403, 403]);
    expect((await row('big-payment-cta'))?.status).toBe('running');
  });

  it('creates an experiment paused, starts it into assignment, pauses it out again, all audited', async () => {
    const marketer = await staff('marketing');
    const created = await create(marketer, 'console-flow');
    expect(created.statusCode).toBe(200);
    expect(created.json<ConsoleExperiment>()).toMatchObject({
      id: 'console-flow',
      status: 'paused',
    });
    expect(await assignedTo('console-flow')).toBeUndefined();

    expect((await command(marketer, 'console-flow', 'start')).json()).toMatchObject({
      status: 'running',
    });
    expect(['control', 'test']).toContain(await assignedTo('console-flow'));

    expect((await command(marketer, 'console-flow', 'pause')).statusCode).toBe(200);
    expect(await assignedTo('console-flow')).toBeUndefined();

    const list = (await marketer.inject({ method: 'GET', url: '/api/console/experiments/' })).json<{
      experiments: ConsoleExperiment[];
    }>().experiments;
    expect(list.find((e) => e.id === 'console-flow')).toMatchObject({
      status: 'paused',
      variants: [
        { value: 'control', weight: 50 },
        { value: 'test', weight: 50 },
      ],
    });
    expect(await auditOf('console-flow')).toEqual([
      {
        action: 'experiment.create',
        before: null,
        after: {
          id: 'console-flow',
          description: 'A test of the console',
          type: 'segment',
          status: 'paused',
          allocation: 1,
          variants: [
            { value: 'control', weight: 50 },
            { value: 'test', weight: 50 },
          ],
          targeting: { countries: [], languages: [] },
        },
      },
      { action: 'experiment.start', before: { status: 'paused' }, after: { status: 'running' } },
      { action: 'experiment.pause', before: { status: 'running' }, after: { status: 'paused' } },
    ]);
  });

  it('takes a share of the visitors of some countries and languages; the rest see the control, uncounted', async () => {
    const marketing = await staff('marketing');
    const id = 'console-targeted';
    const body = (targeting: object) => ({
      id,
      variants: [
        { value: 'control', weight: 50 },
        { value: 'test', weight: 50 },
      ],
      allocation: 0.25,
      targeting,
    });
    for (const wrong of [{ countries: ['XX'] }, { languages: ['xx'] }, { countries: ['de-de'] }]) {
      const refused = await send(marketing, 'POST', '/api/console/experiments/', body(wrong));
      expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'validation_failed']);
    }
    expect(await row(id)).toBeUndefined();
    const created = await send(
      marketing,
      'POST',
      '/api/console/experiments/',
      body({ countries: ['AT', 'de'], languages: ['de'] }),
    );
    expect(created.json<ConsoleExperiment>()).toMatchObject({
      allocation: 0.25,
      targeting: { countries: ['AT', 'DE'], languages: ['de'] },
    });
    expect((await command(marketing, id, 'start')).statusCode).toBe(200);
    const austrian = { country: 'AT', language: 'de' };
    // Inside the quarter (a draw below 0.25) a German-speaking Austrian gets a variant…
    expect(await assignedTo(id, austrian, 0.1)).toBe('control');
    // …outside it, nothing: the page's control, and no exposure to count.
    expect(await assignedTo(id, austrian, 0.5)).toBeUndefined();
    // Elsewhere, or in another language, the experiment does not apply.
    expect(await assignedTo(id, { country: 'US', language: 'de' })).toBeUndefined();
    expect(await assignedTo(id, { country: 'DE', language: 'en' })).toBeUndefined();
    const [audited] = await auditOf(id);
    expect(audited?.after).toMatchObject({ allocation: 0.25 });
  });

  it('changes the weights, and assignment follows them', async () => {
    const admin = await staff('admin');
    await create(admin, 'console-weights');
    await command(admin, 'console-weights', 'start');
    const changed = await send(admin, 'PUT', '/api/console/experiments/console-weights/weights/', {
      weights: { control: 0, test: 100 },
    });
    expect(changed.statusCode).toBe(200);
    expect(await assignedTo('console-weights')).toBe('test');
    expect((await auditOf('console-weights')).at(-1)).toEqual({
      action: 'experiment.weights',
      before: { weights: { control: 50, test: 50 } },
      after: { weights: { control: 0, test: 100 } },
    });
  });

  it('refuses bad input with its code and writes nothing', async () => {
    const marketer = await staff('marketing');
    await create(marketer, 'console-refusals');
    const before = await row('console-refusals');
    const audited = (await auditOf('console-refusals')).length;
    const weights = (w: object, id = 'console-refusals', headers = { origin: ORIGIN }) =>
      marketer.inject({
        method: 'PUT',
        url: `/api/console/experiments/${id}/weights/`,
        headers,
        payload: { weights: w },
      });
    const refusals = [
      // Weights that do not add up to 100.
      [await weights({ control: 50, test: 40 }), 400, 'validation_failed'],
      // A variant the experiment does not have, or one left out.
      [await weights({ control: 50, other: 50 }), 400, 'validation_failed'],
      [await weights({ control: 100 }), 400, 'validation_failed'],
      // An unknown experiment.
      [await weights({ control: 50, test: 50 }, 'no-such-experiment'), 404, 'not_found'],
      [await command(marketer, 'no-such-experiment', 'start'), 404, 'not_found'],
      // Cross-site.
      [
        await weights({ control: 60, test: 40 }, 'console-refusals', {
          origin: 'https://evil.example',
        }),
        403,
        'cross_site_request',
      ],
      // Pausing what is not running; an id taken; weights that do not add up at creation.
      [await command(marketer, 'console-refusals', 'pause'), 409, 'conflict'],
      [await create(marketer, 'console-refusals'), 409, 'conflict'],
      [await create(marketer, 'console-other', [50, 60]), 400, 'validation_failed'],
    ] as const;
    for (const [res, status, code] of refusals) {
      expect([res.statusCode, codeOf(res)]).toEqual([status, code]);
      expect(res.body).not.toContain('at ');
    }
    expect(await row('console-refusals')).toEqual(before);
    expect(await row('console-other')).toBeUndefined();
    expect(await auditOf('console-refusals')).toHaveLength(audited);
  });

  it('ends a stopped experiment for good', async () => {
    const marketer = await staff('marketing');
    await create(marketer, 'console-stop');
    expect((await command(marketer, 'console-stop', 'stop')).json()).toMatchObject({
      status: 'ended',
    });
    const again = await command(marketer, 'console-stop', 'start');
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'conflict']);
  });

  /** `n` browsers exposed to `variant` of `id`, `converted` of them then paying. */
  async function visitors(id: string, variant: string, n: number, converted: number) {
    for (let i = 0; i < n; i += 1) {
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
      const events = [event('experiment_exposure', { experiment_id: id, variant })];
      if (i < converted) {
        events.push(
          event('conversion', { order_id: randomUUID(), revenue_minor: 1000, currency: 'EUR' }),
        );
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events/',
        headers: { origin: ORIGIN },
        payload: { browser_id: randomUUID(), events },
      });
      expect(res.statusCode).toBe(202);
    }
  }
  const results = async (browser: TestBrowser, id: string) =>
    (
      await browser.inject({ method: 'GET', url: `/api/console/experiments/${id}/` })
    ).json<ConsoleExperimentDetail>().results;

  it("shows an experiment's results as the report has them: rates, intervals, the sample-ratio check", async () => {
    const analyst = await staff('analyst');
    const marketer = await staff('marketing');
    await create(marketer, 'console-results');
    expect(await results(analyst, 'console-results')).toBeNull();

    await visitors('console-results', 'control', 3, 1);
    await visitors('console-results', 'test', 2, 1);
    expect(await results(analyst, 'console-results')).toMatchObject({
      verdict: 'not_enough_data',
      variants: [{ variant: 'control', visitors: 3, enoughData: false }, { variant: 'test' }],
    });

    await visitors('console-results', 'control', 37, 9);
    await visitors('console-results', 'test', 38, 14);
    const even = await results(analyst, 'console-results');
    expect(even?.verdict).toBe('ok');
    expect(even?.variants.map((v) => [v.variant, v.visitors, v.conversions])).toEqual([
      ['control', 40, 10],
      ['test', 40, 15],
    ]);
    expect(even?.variants[0]?.rate).toBeCloseTo(0.25);
    expect(even?.variants[1]?.uplift?.absolute).toBeCloseTo(0.125);

    // The same visitors against a 90/10 split: far from it.
    await send(marketer, 'PUT', '/api/console/experiments/console-results/weights/', {
      weights: { control: 90, test: 10 },
    });
    const skewed = await results(analyst, 'console-results');
    expect(skewed?.verdict).toBe('mismatch');
    expect(skewed?.srm.pValue).toBeLessThan(0.001);
  });
});
