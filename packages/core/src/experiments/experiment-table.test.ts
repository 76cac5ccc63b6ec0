import { describe, expect, it } from 'vitest';
import { assignExperiments } from './experiment-assignment';
import { ruleFacts, type RuleContext } from './experiment-rules';
import { experimentTable, isLiveAt } from './experiment-table';
import { experimentSchema, type Experiment, type ExperimentInput } from './experiments';

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

const onPayment = {
  combinator: 'AND' as const,
  rules: [{ dimension: 'URL_PATH' as const, operator: 'STARTS_WITH' as const, value: '/payment/' }],
};

const context = (path: string): RuleContext => ({
  path,
  country: 'DE',
  language: 'de',
  cookies: {},
  params: {},
  custom: {},
});

const assign = (experiments: readonly Experiment[], path: string, previous = {}) =>
  assignExperiments({
    experiments,
    previous,
    context: context(path),
    now: new Date('2026-11-23T12:00:00Z'),
    monitoring: false,
    random: () => 0.1,
  });

describe('the experiments table (compiled once per definitions list)', () => {
  it('compiles a list once, and a re-read list (a new array) afresh', () => {
    const list = [experiment({ id: 'a', triggers: onPayment })];
    expect(experimentTable(list)).toBe(experimentTable(list));
    const edited = [experiment({ id: 'a', triggers: onPayment, status: 'paused' })];
    expect(experimentTable(edited)).not.toBe(experimentTable(list));
  });

  it('takes an edit of a row on the next read: a paused experiment stops showing to its visitors', () => {
    const running = [experiment({ id: 'a', triggers: onPayment })];
    expect(assign(running, '/de/payment/', { a: 'b' }).active).toEqual({ a: 'b' });
    const paused = [experiment({ id: 'a', triggers: onPayment, status: 'paused' })];
    expect(assign(paused, '/de/payment/', { a: 'b' }).active).toEqual({});
    // Still kept in the cookie: resuming the experiment shows the visitor the same variant.
    expect(assign(paused, '/de/payment/', { a: 'b' }).assignments).toEqual({ a: 'b' });
  });

  it('tests a rule many experiments share once per request, and answers each the same', () => {
    const list = ['a', 'b', 'c'].map((id) => experiment({ id, triggers: onPayment }));
    const table = experimentTable(list);
    expect(table.ruleCount).toBe(1);
    const memo = new Uint8Array(table.ruleCount);
    const facts = ruleFacts(context('/payment/'));
    expect(table.list.map((c) => c.matches(facts, memo))).toEqual([true, true, true]);
    const elsewhere = ruleFacts(context('/products/'));
    const fresh = new Uint8Array(table.ruleCount);
    expect(table.list.map((c) => c.matches(elsewhere, fresh))).toEqual([false, false, false]);
  });

  it('keeps a sticky visitor out of a variant on a page its experiment does not target', () => {
    const list = [experiment({ id: 'a', triggers: onPayment })];
    const result = assign(list, '/products/', { a: 'b' });
    expect(result.active).toEqual({});
    expect(result.assignments).toEqual({ a: 'b' });
  });

  it('reads start and end once, and counts an experiment live only inside them', () => {
    const [c] = experimentTable([
      experiment({ id: 'a', start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' }),
    ]).list;
    if (!c) throw new Error('compiled experiment missing');
    expect(isLiveAt(c, Date.parse('2026-10-31T23:59:59Z'))).toBe(false);
    expect(isLiveAt(c, Date.parse('2026-11-23T12:00:00Z'))).toBe(true);
    expect(isLiveAt(c, Date.parse('2026-12-01T00:00:00Z'))).toBe(false);
  });
});
