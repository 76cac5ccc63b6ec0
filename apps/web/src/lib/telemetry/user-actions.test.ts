/**
 * The user action span with the real OpenTelemetry SDK: what a trace viewer shows for a click
 * and the requests it led to.
 */
import { context, ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_ACTION_TIMINGS, UserActions } from './user-actions';

let exporter: InMemorySpanExporter;
let actions: UserActions;

beforeEach(() => {
  vi.useFakeTimers();
  exporter = new InMemorySpanExporter();
  const provider: BasicTracerProvider = new BasicTracerProvider({
    spanProcessors: [
      (actions = new UserActions(
        () => provider.getTracer('browser'),
        new SimpleSpanProcessor(exporter),
      )),
    ],
  });
  context.setGlobalContextManager(actions);
  trace.setGlobalTracerProvider(provider);
});

afterEach(() => {
  context.disable();
  trace.disable();
  vi.useRealTimers();
});

/** A request as the fetch instrumentation makes it: a span in the active context, then `with`. */
function request(name: string): Span {
  const span = trace.getTracer('fetch').startSpan(name);
  context.with(trace.setSpan(context.active(), span), () => undefined);
  return span;
}

const exported = () =>
  exporter.getFinishedSpans().map((s) => ({
    name: s.name,
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parent: s.parentSpanContext?.spanId,
  }));

describe('UserActions', () => {
  it('makes the requests a click leads to children of one "click pay-button" span', () => {
    actions.begin('click', 'pay-button');
    vi.advanceTimersByTime(2_000); // the card frame tokenizes first
    const payment = request('POST /api/payments/');
    payment.end();
    vi.advanceTimersByTime(USER_ACTION_TIMINGS.settleMs / 2);
    const order = request('GET /api/orders/');
    order.end();
    expect(exported().map((s) => s.name)).not.toContain('click pay-button');
    vi.advanceTimersByTime(USER_ACTION_TIMINGS.settleMs);

    const spans = exported();
    const click = spans.find((s) => s.name === 'click pay-button');
    expect(click?.parent).toBeUndefined();
    expect(spans.filter((s) => s.name !== click?.name)).toEqual([
      expect.objectContaining({ name: 'POST /api/payments/', parent: click?.spanId }),
      expect.objectContaining({ name: 'GET /api/orders/', parent: click?.spanId }),
    ]);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
  });

  it('exports nothing for a click that made no request, and later requests start their own trace', () => {
    actions.begin('click', 'plan-card');
    vi.advanceTimersByTime(USER_ACTION_TIMINGS.firstRequestMs + 1);
    request('GET /api/later/').end();
    expect(exported()).toEqual([
      expect.objectContaining({ name: 'GET /api/later/', parent: undefined }),
    ]);
  });

  it('ends the open action at the next click, each click its own trace', () => {
    actions.begin('click', 'email-submit');
    request('POST /api/carts/').end();
    actions.begin('click', 'pay-button');
    request('POST /api/payments/').end();
    vi.advanceTimersByTime(USER_ACTION_TIMINGS.settleMs);
    const spans = exported();
    const traceOf = (name: string) => spans.find((s) => s.name === name)?.traceId;
    expect(traceOf('POST /api/carts/')).toBe(traceOf('click email-submit'));
    expect(traceOf('POST /api/payments/')).toBe(traceOf('click pay-button'));
    expect(traceOf('click email-submit')).not.toBe(traceOf('click pay-button'));
  });

  it('leaves a context a caller sets explicitly alone (the document load under the render)', () => {
    actions.begin('click', 'pay-button');
    const render = trace.wrapSpanContext({
      traceId: 'a'.repeat(32),
      spanId: 'b'.repeat(16),
      traceFlags: 1,
      isRemote: true,
    });
    context.with(trace.setSpan(ROOT_CONTEXT, render), () => request('documentLoad').end());
    expect(exported()).toEqual([
      expect.objectContaining({ name: 'documentLoad', parent: 'b'.repeat(16) }),
    ]);
  });
});
