/** Retries with exponential backoff, capped, only for the failures a retry can fix. */
import type { RequestError } from './request-error';

export interface RetryPolicy {
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

/** The pricing query's policy (spec §7): 3 attempts, 1 s initial delay, 15 s at most. */
export const PRICING_RETRY: RetryPolicy = { attempts: 3, initialDelayMs: 1000, maxDelayMs: 15_000 };

/** Network errors and 5xx may pass on their own; 4xx will not. */
export function isRetryable(error: RequestError): boolean {
  return error.isNetworkError || error.status >= 500;
}

export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

export async function withRetry<T>(
  run: () => Promise<{ data: T | null; error: RequestError | null }>,
  policy: RetryPolicy,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<{ data: T | null; error: RequestError | null }> {
  let result = await run();
  for (
    let attempt = 1;
    attempt < policy.attempts && result.error && isRetryable(result.error);
    attempt++
  ) {
    await sleep(backoffDelay(attempt, policy));
    result = await run();
  }
  return result;
}
