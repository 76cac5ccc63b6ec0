import { describe, expect, it } from 'vitest';
import { isUpgrade, splitMinor, unusedCredit, upgradeQuote } from './proration';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('the credit for the unused part of a paid period', () => {
  it.each([
    // currency, paid, period start, period end, upgrade on, credit
    // JPY has no minor unit below the yen: 11,800 yen for 2026, 100 of 365 days used.
    ['JPY', 11_800, '2026-01-01', '2027-01-01', '2026-04-11', 8567],
    // KRW, a month of 31 days paid 14,900 won, upgraded after 10 days: 21/31 left.
    ['KRW', 14_900, '2026-01-01', '2026-02-01', '2026-01-11', 10_093],
    // EUR cents: €59.88 for a year, half a leap-free year (181 of 365 days) used.
    ['EUR', 5988, '2026-01-01', '2027-01-01', '2026-07-01', 3018],
    // The first second of the period: everything is unused.
    ['EUR', 5988, '2026-01-01', '2027-01-01', '2026-01-01', 5988],
    // A leap year has 366 days: JPY 11,800 for 2028, 60 days used, 306 of 366 left.
    ['JPY', 11_800, '2028-01-01', '2029-01-01', '2028-03-01', 9865],
    // A February of 28 days paid KRW 14,900, upgraded after 7: 21/28 left, exactly 11,175.
    ['KRW', 14_900, '2026-02-01', '2026-03-01', '2026-02-08', 11_175],
    // At or past the end: nothing is left to credit.
    ['USD', 1299, '2026-01-01', '2026-02-01', '2026-02-01', 0],
    ['USD', 1299, '2026-01-01', '2026-02-01', '2026-03-15', 0],
  ] as const)('%s %i paid %s–%s, upgraded %s: credit %i', (_, paid, start, end, at, credit) => {
    expect(unusedCredit({ paidMinor: paid, start: day(start), end: day(end) }, day(at))).toBe(
      credit,
    );
  });

  it('rounds down to a whole minor unit, never crediting more than the exact share', () => {
    // 100 yen over 3 seconds, 1 second used: the exact share is 66.67 yen.
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-01T00:00:03Z');
    const at = new Date('2026-01-01T00:00:01Z');
    expect(unusedCredit({ paidMinor: 100, start, end }, at)).toBe(66);
  });

  it('refuses fractions of a minor unit rather than guessing', () => {
    const period = { paidMinor: 12.5, start: day('2026-01-01'), end: day('2026-02-01') };
    expect(() => unusedCredit(period, day('2026-01-10'))).toThrow(RangeError);
  });
});

describe('the prorated price of an upgrade', () => {
  it.each([
    // currency, paid, new price, upgrade on (period 2026-01-01 → 2027-01-01), credit, due
    ['JPY', 11_800, 23_800, '2026-04-11', 8567, 15_233],
    ['KRW', 119_000, 179_000, '2026-10-01', 29_994, 149_006],
    ['EUR', 5988, 9588, '2026-07-01', 3018, 6570],
    // A move to a plan cheaper than the credit charges nothing (and pays nothing back).
    ['EUR', 9588, 1199, '2026-01-02', 9561, 0],
  ] as const)('%s %i → %i on %s: credit %i, due %i', (_, paid, price, at, credit, due) => {
    const current = { paidMinor: paid, start: day('2026-01-01'), end: day('2027-01-01') };
    expect(upgradeQuote(current, price, day(at))).toEqual({ creditMinor: credit, dueMinor: due });
  });
});

describe('splitting one payment over several subscriptions', () => {
  it.each([
    // total, weights, parts
    // A three-way split of 100 yen: the unit left over goes to the first part.
    [100, [1, 1, 1], [34, 33, 33]],
    // KRW 10,000 won over 3 equal lines.
    [10_000, [3300, 3300, 3300], [3334, 3333, 3333]],
    // EUR cents over a plan and two cross-sells of different prices.
    [2497, [1299, 599, 599], [1299, 599, 599]],
    [2000, [1299, 599, 599], [1040, 480, 480]],
    // The largest remainder gets the spare unit, not the first part.
    [10, [1, 2, 4], [1, 3, 6]],
    // An invoice's tax over its sellers' subtotals, a credit note over an order's sellers.
    [956, [5988, 0], [956, 0]],
    [1, [3, 3], [1, 0]],
    [1999, [7788, 2388], [1530, 469]],
    // No weights to go by (every line free): equal parts, favouring no seller or line.
    [7, [0, 0, 0], [3, 2, 2]],
    [7, [0, 0], [4, 3]],
    [0, [5, 5], [0, 0]],
  ])('splits %i by %j into %j', (total, weights, parts) => {
    const split = splitMinor(total, weights);
    expect(split).toEqual(parts);
    expect(split.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('credits a three-way order share by share: the credits never exceed what was paid', () => {
    // JPY 10,000 paid for a plan and two cross-sells of equal price, 122 days used.
    const shares = splitMinor(10_000, [3300, 3300, 3300]);
    const at = day('2026-05-03');
    const credits = shares.map((paidMinor) =>
      unusedCredit({ paidMinor, start: day('2026-01-01'), end: day('2027-01-01') }, at),
    );
    // 243 of 365 days left: 3334 → 2219 (2219.6 rounded down), 3333 → 2218 (2218.9).
    expect(credits).toEqual([2219, 2218, 2218]);
    expect(credits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000);
  });

  it('never loses or makes up a unit, whatever the weights', () => {
    for (let total = 0; total < 500; total += 7) {
      for (const weights of [
        [1, 1, 1],
        [3, 5, 11],
        [1199, 599, 1],
        [2, 0, 9],
      ]) {
        expect(splitMinor(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
      }
    }
  });
});

describe('what counts as an upgrade', () => {
  const basic1y = { product: 'vpn', plan: 'vpn-basic-1y', months: 12, priceMinor: 5988 };
  it.each([
    [
      'a longer period of the same tier',
      { plan: 'vpn-basic-2y', months: 24, priceMinor: 8376 },
      true,
    ],
    [
      'a higher tier of the same period',
      { plan: 'vpn-plus-1y', months: 12, priceMinor: 8388 },
      true,
    ],
    [
      'a longer period even if cheaper in total',
      { plan: 'vpn-x-2y', months: 24, priceMinor: 5000 },
      true,
    ],
    ['the same plan', { plan: 'vpn-basic-1y', months: 12, priceMinor: 5988 }, false],
    ['a shorter period', { plan: 'vpn-plus-1m', months: 1, priceMinor: 1399 }, false],
    [
      'a cheaper plan of the same period',
      { plan: 'vpn-lite-1y', months: 12, priceMinor: 3000 },
      false,
    ],
    [
      'another product',
      { product: 'pass', plan: 'pass-individual-2y', months: 24, priceMinor: 9999 },
      false,
    ],
  ])('%s: %s', (_, next, expected) => {
    expect(isUpgrade(basic1y, { ...basic1y, ...next })).toBe(expected);
  });
});
