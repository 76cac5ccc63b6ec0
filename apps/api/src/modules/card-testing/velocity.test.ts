import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { addWeight, WINDOW_MS } from './velocity';

describe('velocity counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("scores a subject by this hour's weight and the last hour's, not older ones", async () => {
    const now = new Date();
    const hoursAgo = (n: number) => new Date(now.getTime() - n * WINDOW_MS);
    const { db } = t.database;
    await addWeight(db, ['card:old', 'card:recent'], 20, hoursAgo(2));
    await addWeight(db, ['card:recent'], 3, hoursAgo(1));
    const scores = await addWeight(db, ['card:old', 'card:recent', 'card:new'], 1, now);
    expect(Object.fromEntries(scores)).toEqual({ 'card:old': 1, 'card:recent': 4, 'card:new': 1 });
    // Hits of the same hour add up, concurrent ones included.
    const again = await Promise.all([1, 2, 3].map(() => addWeight(db, ['card:new'], 2, now)));
    expect(Math.max(...again.map((s) => s.get('card:new') ?? 0))).toBe(7);
  });
});
