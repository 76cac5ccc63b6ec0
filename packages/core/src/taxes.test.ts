import { describe, expect, it } from 'vitest';
import rates from '../../../data/taxes/rates.json';
import { formatRate } from './rates';
import { taxQuerySchema } from './cart';
import { quoteTax, taxTableSchema } from './taxes';

const table = taxTableSchema.parse(rates);

describe('tax table', () => {
  it('is valid and dated', () => {
    expect(table.effectiveDate).toBe('2026-01-01');
    expect(table.sources.length).toBeGreaterThan(0);
  });

  it.each([
    // country, region, amount, inclusive, tax, total
    ['DE', undefined, 5988, true, 956, 5988],
    ['FR', undefined, 5988, true, 998, 5988],
    ['HU', undefined, 10000, true, 2126, 10000],
    ['FI', undefined, 10000, true, 2032, 10000],
    ['LU', undefined, 10000, true, 1453, 10000],
    ['GB', undefined, 4788, true, 798, 4788],
    ['NO', undefined, 58800, true, 11760, 58800],
    ['CH', undefined, 4680, true, 351, 4680],
    ['AU', undefined, 9588, true, 872, 9588],
    ['JP', undefined, 9000, true, 818, 9000],
    ['KR', undefined, 82800, true, 7527, 82800],
    ['AE', 'AE-DU', 5988, true, 285, 5988],
    ['CA', 'CA-ON', 8388, false, 1090, 9478],
    ['CA', 'CA-QC', 8388, false, 1256, 9644],
    ['CA', 'CA-BC', 8388, false, 1006, 9394],
    ['CA', 'CA-AB', 8388, false, 419, 8807],
    ['CA', 'CA-NS', 10000, false, 1400, 11400],
    ['US', 'US-WA', 5988, false, 389, 6377],
    ['US', 'US-NY', 5988, false, 240, 6228],
    ['US', 'US-TX', 5988, false, 299, 6287],
    ['US', 'US-CA', 5988, false, 0, 5988],
    ['US', 'US-FL', 5988, false, 0, 5988],
    ['HK', undefined, 45600, true, 0, 45600],
    ['BR', undefined, 32280, false, 0, 32280],
  ] as const)(
    '%s %s: %i minor units → tax %s %i, pays %i',
    (country, region, amount, inclusive, tax, total) => {
      const quote = quoteTax(table, { country, region }, amount);
      expect(quote.taxMinor).toBe(tax);
      expect(quote.totalMinor).toBe(total);
      if (tax > 0) expect(quote.inclusive).toBe(inclusive);
    },
  );

  it('itemizes Quebec as GST plus QST at 9.975%', () => {
    const quote = quoteTax(table, { country: 'CA', region: 'CA-QC' }, 10000);
    expect(quote.lines.map((l) => [l.name, l.amountMinor])).toEqual([
      ['gst', 500],
      ['qst', 998],
    ]);
    expect(formatRate(quote.lines[1]?.ratePpm ?? 0, 'en-US')).toBe('9.975%');
  });

  it('uses the country rate when a Canadian province is missing', () => {
    expect(quoteTax(table, { country: 'CA' }, 10000).taxMinor).toBe(500);
  });
});

describe('the billing address the tax is quoted for', () => {
  const query = { currency: 'USD', amount: '1000' };
  it.each([
    ['a country the checkout does not sell to', { country: 'ZZ' }, 'country'],
    ['a region of another country', { country: 'CA', region: 'US-NY' }, 'region'],
    ['a state the US does not have', { country: 'US', region: 'US-ZZ' }, 'region'],
    ['a region for a country without regions', { country: 'DE', region: 'DE-BY' }, 'region'],
  ])('refuses %s', (_label, address, path) => {
    const result = taxQuerySchema.safeParse({ ...query, ...address });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('takes a known country with one of its regions, or none', () => {
    expect(taxQuerySchema.safeParse({ ...query, country: 'ca', region: 'CA-QC' }).success).toBe(
      true,
    );
    expect(taxQuerySchema.safeParse({ ...query, country: 'DE' }).success).toBe(true);
  });
});
