import { describe, expect, it } from 'vitest';
import {
  hasEnoughData,
  sampleRatioMismatch,
  twoProportionUplift,
  variantResults,
} from './experiment-stats';

describe('experiment results', () => {
  it('gives the uplift of 10 % against 12 % on 1,000 visitors each with its 95 % interval', () => {
    // p1 = 0.10, p2 = 0.12; se = sqrt(.1*.9/1000 + .12*.88/1000) = 0.013986
    const u = twoProportionUplift(
      { visitors: 1000, conversions: 100 },
      { visitors: 1000, conversions: 120 },
    );
    expect(u.absolute).toBeCloseTo(0.02, 10);
    expect(u.low).toBeCloseTo(0.02 - 1.959964 * 0.0139857, 5);
    expect(u.high).toBeCloseTo(0.02 + 1.959964 * 0.0139857, 5);
    expect(u.relative).toBeCloseTo(0.2, 10);
  });

  it('flags 5,200 against 4,800 visitors on a 50/50 split as a sample ratio mismatch', () => {
    // χ² = (200² + 200²) / 5000 = 16, one degree of freedom: p ≈ 6.3e-5.
    const srm = sampleRatioMismatch([5200, 4800], [0.5, 0.5]);
    expect(srm.chiSquare).toBeCloseTo(16, 10);
    expect(srm.pValue).toBeCloseTo(6.334e-5, 7);
    expect(srm.mismatch).toBe(true);
  });

  it('does not flag 5,050 against 4,950 (χ² = 1, p ≈ 0.317)', () => {
    const srm = sampleRatioMismatch([5050, 4950], [1, 1]);
    expect(srm.pValue).toBeCloseTo(0.3173, 4);
    expect(srm.mismatch).toBe(false);
  });

  it('checks against uneven weights, not an even split', () => {
    expect(sampleRatioMismatch([9000, 1000], [0.9, 0.1]).chiSquare).toBeCloseTo(0, 10);
    expect(sampleRatioMismatch([5000, 5000], [0.9, 0.1]).mismatch).toBe(true);
  });

  it('gives revenue per visitor per currency and no uplift for the control', () => {
    const [control, b] = variantResults([
      { variant: 'a', visitors: 4, conversions: 1, revenueMinor: { USD: 1000 } },
      { variant: 'b', visitors: 5, conversions: 2, revenueMinor: { USD: 2000, EUR: 500 } },
    ]);
    expect(control?.uplift).toBeNull();
    expect(control?.revenuePerVisitorMinor).toEqual({ USD: 250 });
    expect(b?.revenuePerVisitorMinor).toEqual({ USD: 400, EUR: 100 });
    expect(b?.rate).toBe(0.4);
  });

  it('gives no verdict on 5 visitors: the normal approximation needs five of each outcome', () => {
    const [, b] = variantResults([
      { variant: 'a', visitors: 3, conversions: 1, revenueMinor: {} },
      { variant: 'b', visitors: 2, conversions: 1, revenueMinor: {} },
    ]);
    expect(b?.uplift).toBeNull();
    expect(hasEnoughData({ visitors: 2, conversions: 1 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 4 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 96 })).toBe(false);
    expect(hasEnoughData({ visitors: 100, conversions: 10 })).toBe(true);
  });
});
