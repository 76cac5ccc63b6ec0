/**
 * The checkout's cart saves, sent one after another. Each save acts on the cart the previous
 * one left, not on the cart of the render that asked: two quick saves before the first answer
 * (an e-mail and a coupon, say) update one cart instead of creating two.
 */
import type { CartInput, CartPatch, CartView } from '@checkout/core';
import type { RequestResult } from '../../lib/http';

export interface CartApi {
  create(input: CartInput): Promise<RequestResult<CartView>>;
  update(id: string, patch: CartPatch): Promise<RequestResult<CartView>>;
}

export interface SaveOutcome {
  result: RequestResult<CartView>;
  /** This save created the cart (its id now belongs in the address). */
  created: boolean;
}

export class CartSaveQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly api: CartApi,
    private cart: CartView | null,
  ) {}

  /**
   * Queues a change: an update of the cart, or, while there is none yet, a new cart made from
   * `draft()` (what the checkout shows) with the change on top.
   */
  save(patch: CartPatch, draft: () => CartInput): Promise<SaveOutcome> {
    const run = async (): Promise<SaveOutcome> => {
      const existing = this.cart;
      const result = existing
        ? await this.api.update(existing.id, patch)
        : await this.api.create({ ...draft(), ...patch });
      if (result.data) this.cart = result.data;
      return { result, created: !existing && result.data !== null };
    };
    const next = this.tail.then(run, run);
    this.tail = next;
    return next;
  }
}
