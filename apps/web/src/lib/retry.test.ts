import { describe, expect, it } from 'vitest';
import { RequestError } from './request-error';
import { backoffDelay, PRICING_RETRY, withRetry } from './retry';

const failure = (status: number) => ({
  data: null,
  error: new RequestError({
    method: 'POST',
    url: '/graphql',
    endpointPattern: '/graphql',
    status,
    statusText: '',
    headers: {},
    data: null,
  }),
});

async function run(statuses: number[]) {
  const delays: number[] = [];
  let calls = 0;
  const result = await withRetry(
    () => {
      const status = statuses[calls++] ?? 200;
      return Promise.resolve(status === 200 ? { data: 'ok', error: null } : failure(status));
    },
    PRICING_RETRY,
    (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  );
  return { result, calls, delays };
}

describe('pricing retry policy', () => {
  it('retries network errors and 5xx up to three attempts, 1 s then 2 s apart', async () => {
    const { result, calls, delays } = await run([0, 502, 200]);
    expect(result.data).toBe('ok');
    expect(calls).toBe(3);
    expect(delays).toEqual([1000, 2000]);
  });

  it('gives up after the third attempt', async () => {
    const { result, calls } = await run([500, 500, 500, 200]);
    expect(calls).toBe(3);
    expect(result.error?.status).toBe(500);
  });

  it('does not retry a 4xx', async () => {
    const { calls } = await run([400]);
    expect(calls).toBe(1);
  });

  it('never waits longer than 15 s between attempts', () => {
    expect(backoffDelay(10, PRICING_RETRY)).toBe(15_000);
  });
});
