import { describe, expect, it, vi } from 'vitest';
import type { CartInput, CartPatch, CartView } from '@checkout/core';
import type { RequestResult } from '../../lib/http';
import { CartSaveQueue, type CartApi } from './cart-save-queue';

const DRAFT: CartInput = { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' };

/** A cart api whose answers arrive only when the test lets them, like a slow network. */
function slowApi() {
  const pending: (() => void)[] = [];
  let made = 0;
  const answer = (view: Partial<CartView>) =>
    new Promise<RequestResult<CartView>>((resolve) => {
      pending.push(() => resolve({ data: view as CartView, error: null }));
    });
  const api = {
    create: vi.fn((input: CartInput) =>
      answer({ id: `cart-${++made}`, email: input.email ?? null }),
    ),
    update: vi.fn((id: string, patch: CartPatch) => answer({ id, email: patch.email ?? null })),
  } satisfies CartApi;
  const answerNext = async () => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()!();
  };
  return { api, answerNext };
}

describe('CartSaveQueue', () => {
  it('two saves fired at once before any answer make one cart, the second updating it', async () => {
    const { api, answerNext } = slowApi();
    const queue = new CartSaveQueue(api, null);
    const first = queue.save({ email: 'a@gmail.com' }, () => DRAFT);
    const second = queue.save({ coupon: 'SPRING' }, () => DRAFT);
    await answerNext();
    await answerNext();
    const [one, two] = await Promise.all([first, second]);
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledTimes(1);
    expect(api.update).toHaveBeenCalledWith('cart-1', { coupon: 'SPRING' });
    expect(one.created).toBe(true);
    expect(two.created).toBe(false);
  });

  it('updates the cart it started with, and creates a cart after a failed creation', async () => {
    const create = vi.fn(() =>
      Promise.resolve({ data: null, error: { isNetworkError: true } } as RequestResult<CartView>),
    );
    const update = vi.fn((id: string) =>
      Promise.resolve({ data: { id } as CartView, error: null } as RequestResult<CartView>),
    );
    const failing: CartApi = { create, update };
    const fresh = new CartSaveQueue(failing, null);
    expect((await fresh.save({ email: 'a@gmail.com' }, () => DRAFT)).created).toBe(false);
    await fresh.save({ email: 'b@gmail.com' }, () => DRAFT);
    expect(create).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenLastCalledWith({ ...DRAFT, email: 'b@gmail.com' });

    const restored = new CartSaveQueue(failing, { id: 'cart-9' } as CartView);
    await restored.save({ email: 'c@gmail.com' }, () => DRAFT);
    expect(update).toHaveBeenCalledWith('cart-9', { email: 'c@gmail.com' });
  });
});
