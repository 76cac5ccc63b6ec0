/**
 * Abandoned orders expire: an order still in new (the shopper never finished the provider's
 * page or bank link, or closed the tab) with no news for the expiry time is asked about once
 * more; if the provider still has nothing to say, the payment is canceled there and here, and
 * the cart is payable again. The sweep reads the database, so it survives restarts; several
 * nodes may sweep at once: an order is claimed by a conditional update (rows another sweep
 * holds are skipped), so each is expired once. A claim whose sweep died lapses after `leaseMs`.
 */
import { countOrdersExpired } from './business-metrics';
import { claimAbandonedOrders } from '../orders/new-orders';
import { paymentOf } from './order-payment';
import { applyProviderStatus, voidUnanswered, type OutcomeDeps as RefundDeps } from './outcome';

export interface ExpiryOptions {
  /** ORDER_EXPIRY_MINUTES: how long an order may wait in new with no news. */
  expiryMs: number;
  now?: Date;
  /** Orders claimed per round; the sweep runs rounds until one comes back short. */
  limit?: number;
  /** After this long a claim whose sweep never finished may be taken again. */
  leaseMs?: number;
}

export interface ExpiryResult {
  /** Canceled at the provider and here; their carts reopened. */
  expired: number;
  /** Moved by what the provider answered when asked. */
  answered: number;
  /** Left for a later sweep (the provider could not be reached). */
  failed: number;
}

async function claim(deps: RefundDeps, now: Date, options: Required<ExpiryOptions>) {
  return claimAbandonedOrders(deps.db, {
    now,
    cutoff: new Date(now.getTime() - options.expiryMs),
    lapsed: new Date(now.getTime() - options.leaseMs),
    limit: options.limit,
  });
}

/** One claimed order: the provider's answer moves it, or it is canceled. */
async function expireOne(deps: RefundDeps, orderId: string): Promise<keyof ExpiryResult | null> {
  const payment = await paymentOf(deps.db, orderId);
  if (payment.status !== 'new') return null;
  // No adapter (the provider is no longer configured): nobody could be asked; leave it.
  const adapter = deps.adapterFor(payment.provider);
  if (!adapter) return null;
  const status = await adapter.refreshStatus(payment);
  if (status && status !== 'new') {
    const order = { id: orderId, status: payment.status };
    return (await applyProviderStatus(deps, order, status, 'poll')) ? 'answered' : null;
  }
  return (await voidUnanswered(deps, adapter, payment, 'expiry')) ? 'expired' : null;
}

export async function expireAbandonedOrders(
  deps: RefundDeps,
  { expiryMs, now = new Date(), limit = 50, leaseMs = 5 * 60_000 }: ExpiryOptions,
): Promise<ExpiryResult> {
  const result: ExpiryResult = { expired: 0, answered: 0, failed: 0 };
  for (;;) {
    const claimed = await claim(deps, now, { expiryMs, now, limit, leaseMs });
    for (const orderId of claimed) {
      // One provider's failure never stops the sweep; the claim lapses and a later one retries.
      const outcome = await expireOne(deps, orderId).catch(() => 'failed' as const);
      if (outcome) result[outcome]++;
    }
    if (claimed.length < limit) {
      countOrdersExpired(result.expired);
      return result;
    }
  }
}
