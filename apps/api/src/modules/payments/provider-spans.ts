/**
 * A span around every call to a payment provider's adapter, so a trace shows the time spent at
 * the provider (the sandbox gateway in-process, a real provider over the network) apart from
 * ours, and counts the payments started.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ProviderSpec } from '@checkout/core';
import type { PaymentAdapter } from './providers/adapter';
import { countPaymentStarted } from './business-metrics';

const tracer = trace.getTracer('checkout-api-payments');

const TRACED = [
  'createPayment',
  'exchangeToken',
  'cancelPayment',
  'refundPayment',
  'refreshStatus',
  'cardOf',
] as const;

function traced<A extends unknown[], R>(
  name: string,
  provider: string,
  call: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return (...args) =>
    tracer.startActiveSpan(
      `payment-provider ${name}`,
      { kind: SpanKind.CLIENT, attributes: { 'payment.provider': provider } },
      async (span) => {
        try {
          return await call(...args);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
}

/** The adapter lookup with each adapter's provider calls traced (one wrapper per adapter). */
export function tracedAdapters(
  adapterFor: (provider: ProviderSpec) => PaymentAdapter | undefined,
): (provider: ProviderSpec) => PaymentAdapter | undefined {
  const wrappers = new WeakMap<PaymentAdapter, PaymentAdapter>();
  const wrap = (adapter: PaymentAdapter, provider: string): PaymentAdapter => {
    const calls = adapter as unknown as Record<string, unknown>;
    const wrapped = { ...calls };
    for (const method of TRACED) {
      const call = calls[method];
      if (typeof call !== 'function') continue;
      const bound = (...args: unknown[]) =>
        (call as (...a: unknown[]) => Promise<unknown>).apply(adapter, args);
      wrapped[method] =
        method === 'createPayment'
          ? traced(method, provider, (...args: unknown[]) => {
              countPaymentStarted(provider);
              return bound(...args);
            })
          : traced(method, provider, bound);
    }
    return wrapped as unknown as PaymentAdapter;
  };
  return (provider) => {
    const adapter = adapterFor(provider);
    if (!adapter) return adapter;
    let wrapped = wrappers.get(adapter);
    if (!wrapped) {
      wrapped = wrap(adapter, provider.id);
      wrappers.set(adapter, wrapped);
    }
    return wrapped;
  };
}
