import { describe, expect, it, vi } from 'vitest';
import type { TaxAnswer } from '@checkout/core/contract';

vi.mock('server-only', () => ({}));
vi.mock('./api.server', () => ({ apiGet: vi.fn() }));
const { createTaxQuotes } = await import('./tax-quote.server');

const gst: TaxAnswer = {
  inclusive: false,
  lines: [{ name: 'gst', ratePpm: 50_000, amountMinor: 407 }],
  taxMinor: 407,
  totalMinor: 8555,
  effectiveDate: '2026-01-01',
  currency: 'CAD',
  region: 'CA-AB',
};

/** A stand-in for the api's tax endpoint: the queries it was asked, and its answers in turn. */
function taxApi(...answers: (TaxAnswer | null)[]) {
  const asked: string[] = [];
  return {
    asked,
    ask: (query: string) => {
      asked.push(query);
      return Promise.resolve(answers.shift() ?? null);
    },
  };
}

const alberta = { country: 'CA', region: 'CA-AB', currency: 'CAD', amountMinor: 8148 } as const;

describe('the starting tax quote', () => {
  it('asks the api once for many renders of the same address and amount', async () => {
    const api = taxApi(gst);
    const quote = createTaxQuotes(api.ask);
    for (let i = 0; i < 3; i++) expect(await quote(alberta)).toEqual(gst);
    expect(api.asked).toEqual(['country=CA&region=CA-AB&currency=CAD&amount=8148']);
  });

  it('keeps another region, amount or currency apart, and leaves a missing region out', async () => {
    const api = taxApi(gst, gst, gst, gst);
    const quote = createTaxQuotes(api.ask);
    await quote(alberta);
    await quote({ ...alberta, region: 'CA-ON' });
    await quote({ ...alberta, amountMinor: 11_496 });
    await quote({ ...alberta, region: undefined, currency: 'USD' });
    expect(api.asked).toEqual([
      'country=CA&region=CA-AB&currency=CAD&amount=8148',
      'country=CA&region=CA-ON&currency=CAD&amount=8148',
      'country=CA&region=CA-AB&currency=CAD&amount=11496',
      'country=CA&currency=USD&amount=8148',
    ]);
  });

  it('keeps no failure: the next render asks again', async () => {
    const api = taxApi(null, gst);
    const quote = createTaxQuotes(api.ask);
    expect(await quote(alberta)).toBeNull();
    expect(await quote(alberta)).toEqual(gst);
    expect(api.asked).toHaveLength(2);
  });
});
