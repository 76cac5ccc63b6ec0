/**
 * The tax on what a visitor starts with (the preselected plan and cross-sell, at the address the
 * checkout starts from), quoted on the server for the first render: the order summary shows the
 * tax and the total with it in the first paint. Quoted in the browser, the summary said
 * "Calculating tax…" (and a total without an exclusive tax) until the page had hydrated, loaded
 * the cart client with the answers' schemas and asked the api. The api holds the rates
 * (modules/taxes); an answer is kept a minute per address and amount, as the rates change only
 * with a deploy of the api. A failure is not kept: the browser then asks, as it did before.
 */
import 'server-only';
import { LRUCache } from 'lru-cache';
import type { Currency } from '@checkout/core';
import { taxAnswerSchema, type TaxAnswer } from '@checkout/core/contract';
import { apiGet } from './api.server';

export interface TaxQuoteAsked {
  country: string;
  region: string | undefined;
  currency: Currency;
  amountMinor: number;
}

/** Quotes kept per address and amount; `ask` fetches one the cache does not hold. */
export function createTaxQuotes(ask: (query: string) => Promise<TaxAnswer | null>) {
  const quotes = new LRUCache<string, TaxAnswer>({ max: 2_000, ttl: 60_000 });
  return async function quote(asked: TaxQuoteAsked): Promise<TaxAnswer | null> {
    const query = new URLSearchParams({
      country: asked.country,
      ...(asked.region ? { region: asked.region } : {}),
      currency: asked.currency,
      amount: String(asked.amountMinor),
    }).toString();
    const kept = quotes.get(query);
    if (kept) return kept;
    const answer = await ask(query);
    if (answer) quotes.set(query, answer);
    return answer;
  };
}

export const startingTaxQuote = createTaxQuotes((query) =>
  apiGet(`/api/payments/taxes/?${query}`, taxAnswerSchema),
);
