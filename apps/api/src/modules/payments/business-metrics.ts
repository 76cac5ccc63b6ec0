/**
 * The checkout's business metrics beside the technical ones: payments started, paid and
 * declined by provider, how late provider notifications arrive, and how many abandoned orders
 * expired. Instruments come from the global meter provider: no-ops until telemetry starts.
 */
import { metrics, type Counter, type Histogram, type MeterProvider } from '@opentelemetry/api';
import type { Database } from '../../db/client';
import { onOrderMoved } from '../orders/move-listeners';
import { paymentOf } from './order-payment';

interface Instruments {
  started: Counter;
  paid: Counter;
  declined: Counter;
  webhookLag: Histogram;
  expired: Counter;
}

let made: { provider: MeterProvider; instruments: Instruments } | undefined;

/** The API hands out no proxy for metrics: instruments are made again once a provider is set. */
function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (made?.provider === provider) return made.instruments;
  const meter = provider.getMeter('checkout-api');
  const instruments: Instruments = {
    started: meter.createCounter('checkout.payments.started', {
      description: 'Payments started at a provider',
    }),
    paid: meter.createCounter('checkout.payments.paid', { description: 'Orders moved to paid' }),
    declined: meter.createCounter('checkout.payments.declined', {
      description: 'Orders moved to error (declined or failed at the provider)',
    }),
    webhookLag: meter.createHistogram('checkout.webhook.lag', {
      description: 'From the provider signing a notification to its arrival',
      unit: 's',
    }),
    expired: meter.createCounter('checkout.orders.expired', {
      description: 'Abandoned orders canceled by the expiry sweep',
    }),
  };
  made = { provider, instruments };
  return instruments;
}

export function countPaymentStarted(provider: string): void {
  instruments().started.add(1, { 'payment.provider': provider });
}

/**
 * Counts paid and declined (error) orders by their provider, as orders move. The provider is
 * read after the move, off the request's path; returns the call that stops counting.
 */
export function countPaymentOutcomes(db: Database): () => void {
  return onOrderMoved((orderId, to) => {
    const counter = to === 'paid' ? 'paid' : to === 'error' ? 'declined' : undefined;
    if (!counter) return;
    void paymentOf(db, orderId)
      .then(
        (payment) => payment.provider.id,
        () => 'unknown',
      )
      .then((provider) => instruments()[counter].add(1, { 'payment.provider': provider }));
  });
}

export function recordWebhookLag(seconds: number, provider: string): void {
  instruments().webhookLag.record(Math.max(0, seconds), { 'payment.provider': provider });
}

export function countOrdersExpired(count: number): void {
  if (count > 0) instruments().expired.add(count);
}
