/**
 * getPackagePlans answers kept in the web process for a few seconds. Prices are the same for
 * every visitor (the api caches them by catalog version and variables alone), so every checkout
 * page rendered within the window reuses one answer instead of a round trip to the api; under
 * load that round trip was the payment page's largest wait. Answers with a coupon are not kept:
 * the api already holds them up to a minute and promises coupon windows exact to the minute.
 */
import { LRUCache } from 'lru-cache';
import type { PackagePlansVariables, PackageView } from '@checkout/core/contract';

/** Short enough that a catalog change shows within seconds on every node. */
export const PLANS_CACHE_TTL_MS = 5_000;

type Answer<E> = { data: PackageView | null; error: E | null };

export function createPlansCache(ttlMs = PLANS_CACHE_TTL_MS) {
  const answers = new LRUCache<string, PackageView>({ max: 500, ttl: ttlMs });
  return async function cachedPlans<E>(
    variables: PackagePlansVariables,
    load: () => Promise<Answer<E>>,
    /** The visitor's experiment header: a pricing experiment's variant is priced apart. */
    experiment?: string,
  ): Promise<Answer<E>> {
    if (variables.coupon) return load();
    const key = JSON.stringify([variables, experiment ?? null]);
    const kept = answers.get(key);
    if (kept) return { data: kept, error: null };
    const answer = await load();
    if (answer.data) answers.set(key, answer.data);
    return answer;
  };
}
