import { describe, expect, it } from 'vitest';
import { assignExperiments, chooseVariant, type AssignmentInput } from './experiment-assignment';
import { experimentSchema, type Experiment, type ExperimentInput } from './experiments';
import type { RuleContext } from './experiment-rules';
import { seededRandom } from './seeded-random';

const seeded = seededRandom;

/**
 * A scripted source: the given numbers in turn (then 0). Draw order: bucket, experiment within
 * a bucket, then per experiment allocation and variant.
 */
const script =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

const experiment = (input: Partial<ExperimentInput> & { id: string }): Experiment =>
  experimentSchema.parse({
    type: 'segment',
    variants: [
      { value: 'control', weight: 1 },
      { value: 'b', weight: 1 },
    ],
    allocator: ['checkout'],
    status: 'running',
    ...input,
  });

const context: RuleContext = {
  path: '/payment/',
  country: 'US',
  language: 'en',
  cookies: {},
  params: {},
  custom: {},
};
const now = new Date('2026-06-01T12:00:00Z');

const run = (over: Partial<AssignmentInput>) =>
  assignExperiments({
    experiments: [],
    previous: {},
    context,
    now,
    monitoring: false,
    random: seeded(1),
    ...over,
  });

const segA = experiment({ id: 'seg-a' });
const segB = experiment({ id: 'seg-b' });
const iso = experiment({ id: 'iso', isolate: true });
const redirect = experiment({
  id: 'redir',
  type: 'redirect',
  variants: [
    { value: 'control', weight: 1 },
    { value: 'products', weight: 1, redirectTo: '/products/' },
  ],
});

describe('experiment assignment (spec §4)', () => {
  it('a visitor with no experiments is NEW_USER and gets a bucket drawn by its size', () => {
    // 3 eligible: isolated 1, segment 2 → a draw below 1/3 picks the isolated bucket.
    const isolated = run({ experiments: [iso, segA, segB], random: script(0.1, 0, 0.9, 0) });
    expect(isolated.userType).toBe('NEW_USER');
    expect(isolated.bucket).toBe('isolated');
    expect(Object.keys(isolated.assignments)).toEqual(['iso']);
    const segment = run({ experiments: [iso, segA, segB], random: script(0.5, 0, 0.9, 0, 0.1) });
    expect(segment.bucket).toBe('segment');
    // The segment bucket assigns every segment experiment at once.
    expect(segment.assignments).toEqual({ 'seg-a': 'b', 'seg-b': 'control' });
  });

  it('a visitor whose first experiment is isolated is ISOLATED and gets nothing more', () => {
    const result = run({ experiments: [iso, segA], previous: { iso: 'b' } });
    expect(result.userType).toBe('ISOLATED');
    expect(result.assignments).toEqual({ iso: 'b' });
    expect(result.active).toEqual({ iso: 'b' });
  });

  it('a visitor already in a non-isolated experiment is OVERLAPPING and never enters an isolated one', () => {
    const result = run({
      experiments: [iso, segA, segB],
      previous: { 'seg-a': 'control' },
      random: script(0, 0, 0.1),
    });
    expect(result.userType).toBe('OVERLAPPING');
    expect(result.bucket).toBe('segment');
    expect(result.assignments).toEqual({ 'seg-a': 'control', 'seg-b': 'control' });
  });

  it('overlap mode is REDIRECT when an assigned eligible experiment is a redirect: no second redirect', () => {
    const other = experiment({ ...redirect, id: 'redir-2' });
    const result = run({
      experiments: [redirect, other, segA],
      previous: { redir: 'control' },
      random: script(0.99, 0, 0.9),
    });
    expect(result.overlapMode).toBe('REDIRECT');
    expect(result.bucket).toBe('segment');
    expect(result.assignments).toEqual({ redir: 'control', 'seg-a': 'b' });
  });

  it('overlap mode is SEGMENT otherwise, and a redirect may still be drawn', () => {
    const result = run({
      experiments: [redirect, segA],
      previous: {},
      random: script(0.9, 0, 0, 0.9),
    });
    expect(result.overlapMode).toBe('SEGMENT');
    expect(result.bucket).toBe('redirect');
    expect(result.assignments).toEqual({ redir: 'products' });
    expect(result.redirectTo).toBe('/products/');
  });

  it('a redirect pick that does not redirect adds a segment pick', () => {
    const result = run({ experiments: [redirect, segA], random: script(0.9, 0, 0, 0.1, 0, 0.9) });
    expect(result.bucket).toBe('redirect');
    expect(result.assignments).toEqual({ redir: 'control', 'seg-a': 'b' });
    expect(result.redirectTo).toBeNull();
  });

  it('never redirects to the page the visitor is on', () => {
    const result = run({
      experiments: [redirect],
      previous: { redir: 'products' },
      context: { ...context, path: '/de/products/' },
    });
    expect(result.active).toEqual({ redir: 'products' });
    expect(result.redirectTo).toBeNull();
  });

  it('monitoring=true gets no experiments and keeps none', () => {
    const result = run({
      experiments: [segA, redirect],
      previous: { 'seg-a': 'b' },
      monitoring: true,
    });
    expect(result.assignments).toEqual({});
    expect(result.active).toEqual({});
    expect(result.redirectTo).toBeNull();
  });

  it('keeps earlier assignments (sticky) and drops unknown ids and forged variants', () => {
    const result = run({
      experiments: [segA, segB],
      previous: { 'seg-a': 'b', gone: 'b', 'seg-b': 'nonsense' },
      random: script(0, 0, 0.1),
    });
    expect(result.assignments).toEqual({ 'seg-a': 'b', 'seg-b': 'control' });
  });

  it('does not show paused, ended, out-of-date or untargeted experiments, but remembers them', () => {
    const paused = experiment({ id: 'paused', status: 'paused' });
    const later = experiment({ id: 'later', start: '2026-07-01T00:00:00Z' });
    const over = experiment({ id: 'over', end: '2026-05-01T00:00:00Z' });
    const elsewhere = experiment({
      id: 'elsewhere',
      triggers: {
        combinator: 'AND',
        rules: [{ dimension: 'URL_PATH', operator: 'EQUALS', value: '/' }],
      },
    });
    const otherProject = experiment({ id: 'other-project', allocator: ['website'] });
    const result = run({
      experiments: [paused, later, over, elsewhere, otherProject],
      previous: { paused: 'b' },
    });
    expect(result.assignments).toEqual({ paused: 'b' });
    expect(result.active).toEqual({});
    expect(result.bucket).toBeNull();
  });

  it('QA may force a variant, even of a paused experiment; forced redirects apply', () => {
    const paused = experiment({ ...redirect, id: 'paused-redirect', status: 'paused' });
    const result = run({
      experiments: [paused, segA],
      forced: { 'paused-redirect': 'products', 'seg-a': 'zzz' },
    });
    expect(result.active['paused-redirect']).toBe('products');
    expect(result.redirectTo).toBe('/products/');
  });

  it('experiments of one isolation group exclude each other', () => {
    const g1 = experiment({ id: 'g1', isolate: 'header' });
    const g2 = experiment({ id: 'g2', isolate: 'header' });
    const fresh = run({ experiments: [g1, g2, segA], random: script(0, 0.9, 0, 0, 0, 0) });
    expect(Object.keys(fresh.assignments).sort()).toEqual(['g2', 'seg-a']);
    const held = run({ experiments: [g1, g2], previous: { g1: 'b' } });
    expect(held.assignments).toEqual({ g1: 'b' });
  });

  it('an allocation below 1 leaves the rest in the excluded share, which sees nothing', () => {
    const half = experiment({ id: 'half', allocation: 0.5 });
    const result = run({ experiments: [half], random: script(0, 0.7) });
    expect(result.assignments).toEqual({ half: 'excl' });
    expect(result.active).toEqual({});
  });

  it('a variant with weight 0 is never chosen', () => {
    const zero = experiment({
      id: 'zero',
      variants: [
        { value: 'control', weight: 0 },
        { value: 'b', weight: 3 },
      ],
    });
    const random = seeded(7);
    for (let i = 0; i < 1000; i += 1) expect(chooseVariant(zero, random)).toBe('b');
  });
});

describe('assignment split (χ², 100,000 visitors, seed 20261123)', () => {
  it('matches the weights and the excluded share', () => {
    const split = experiment({
      id: 'split',
      allocation: 0.8,
      variants: [
        { value: 'control', weight: 1 },
        { value: 'b', weight: 1 },
        { value: 'c', weight: 2 },
      ],
    });
    const expectedShare: Record<string, number> = { excl: 0.2, control: 0.2, b: 0.2, c: 0.4 };
    const counts: Record<string, number> = { excl: 0, control: 0, b: 0, c: 0 };
    const random = seeded(20261123);
    const n = 100_000;
    for (let i = 0; i < n; i += 1) {
      const value = run({ experiments: [split], random }).assignments.split ?? 'missing';
      counts[value] = (counts[value] ?? 0) + 1;
    }
    const chiSquare = Object.entries(expectedShare).reduce((sum, [value, share]) => {
      const expected = share * n;
      return sum + ((counts[value] ?? 0) - expected) ** 2 / expected;
    }, 0);
    console.info(
      `χ² = ${chiSquare.toFixed(3)} (3 degrees of freedom), counts ${JSON.stringify(counts)}`,
    );
    // 3 degrees of freedom: 11.345 is the 0.99 quantile.
    expect(chiSquare).toBeLessThan(11.345);
    // …and a biased split is caught by the same measure.
    const biased: Record<string, number> = {
      ...counts,
      c: (counts.c ?? 0) + 1000,
      control: (counts.control ?? 0) - 1000,
    };
    const biasedChi = Object.entries(expectedShare).reduce(
      (sum, [value, share]) => sum + ((biased[value] ?? 0) - share * n) ** 2 / (share * n),
      0,
    );
    expect(biasedChi).toBeGreaterThan(11.345);
  });
});
