import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@checkout/core';
import type { ConsoleOrderDetail } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';
import { insertEvents, insertOrderAttribution } from '../analytics/store';

/** Where the events' visitor was (the funnel's rollup groups by it). */
const DESKTOP_IN_GERMANY = { country: 'DE', device: 'desktop' };

describe("the console's order timeline", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  async function paidOrder(): Promise<string> {
    const paid = await buyByCard(
      testBrowser(() => t.app),
      {
        cart: { email: 'attributed@gmail.com' },
      },
    );
    return paid.json<{ orderId: string }>().orderId;
  }

  const event = (name: string, data: AnalyticsEvent['data']): AnalyticsEvent =>
    ({
      id: randomUUID(),
      event: name,
      time: Date.now(),
      page: '/payment/',
      section: null,
      element: null,
      context: {},
      data,
    }) as AnalyticsEvent;

  it('shows where the buyer came from and the variants the converting browser saw', async () => {
    const orderId = await paidOrder();
    const source = (s: string, medium: string, campaign: string) => ({
      source: s,
      medium,
      campaign,
      term: '',
      content: '',
      date: '2026-11-01',
      hostname: 'checkout.example',
      query: '',
    });
    await insertOrderAttribution(
      t.database.db,
      orderId,
      source('google', 'cpc', 'black-friday'),
      source('newsletter', 'email', 'launch'),
    );
    const browserId = randomUUID();
    await insertEvents(
      t.database.db,
      browserId,
      [
        event('experiment_exposure', { experiment_id: 'price-test', variant: 'b' }),
        event('experiment_exposure', { experiment_id: 'one-step', variant: 'control' }),
        event('conversion', { order_id: orderId }),
      ],
      DESKTOP_IN_GERMANY,
    );
    // Another browser's exposure is not this order's.
    await insertEvents(
      t.database.db,
      randomUUID(),
      [event('experiment_exposure', { experiment_id: 'other', variant: 'x' })],
      DESKTOP_IN_GERMANY,
    );
    const analyst = await staffBrowser(() => t.app, t.database.db, 'analyst');
    const { timeline } = (
      await analyst.inject({ method: 'GET', url: `/api/console/orders/${orderId}/` })
    ).json<ConsoleOrderDetail>();
    expect(timeline.filter((e) => e.kind === 'attribution').map((e) => e.text)).toEqual([
      'google / cpc / black-friday (first visit: newsletter / email / launch)',
    ]);
    expect(timeline.filter((e) => e.kind === 'experiments').map((e) => e.text)).toEqual([
      'one-step: control, price-test: b',
    ]);
  });
});
