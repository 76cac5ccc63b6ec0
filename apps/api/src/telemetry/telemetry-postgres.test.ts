/**
 * The api's statement spans from node-postgres, the driver of every deployment past one machine:
 * named (prepared) statements and plain ones alike, beneath the request that ran them. A file
 * of its own: the process starts telemetry once, as the api does.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PaymentAction } from '@checkout/core';
import { describeOnPostgres } from '../db/describe-on-postgres';
import { startCluster, type Cluster } from '../db/postgres-cluster';
import { createTestApp, type TestApp } from '../test-app';
import { testBrowser } from '../test-browser';
import { buy, EMAIL } from '../test-support/purchase';
import {
  printTrace,
  startOtlpReceiver,
  type ReceivedSpan,
} from '../test-support/telemetry-receivers';

describeOnPostgres('api telemetry on PostgreSQL', () => {
  let cluster: Cluster;
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let t: TestApp | undefined;
  const shopper = testBrowser(() => t!.app);
  const traceId = randomBytes(16).toString('hex');
  const browserSpan = randomBytes(8).toString('hex');

  beforeAll(async () => {
    cluster = await startCluster();
    otlp = await startOtlpReceiver();
    t = await createTestApp({
      DATABASE_URL: cluster.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      TRACING_SAMPLE_RATE: '1',
      // The sandbox's notifications would arrive after the api closed: not part of this trace.
      SANDBOX_WEBHOOK_DROP_RATE: '1',
    });
  }, 120_000);
  afterAll(async () => {
    await otlp?.close();
    cluster?.stop();
  });

  it('records each statement as a pg span named by its statement, beneath the request', async () => {
    const paid = await buy(shopper, 'telemetry-pg-0001', {
      traceparent: `00-${traceId}-${browserSpan}-01`,
    });
    expect(paid.json<PaymentAction>()).toMatchObject({ type: 'done' });
    await t!.close();
    t = undefined;

    const spans = otlp.spans.filter((s) => s.traceId === traceId);
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestors = (span: ReceivedSpan): string[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [...ancestors(parent), parent.name] : [];
    };
    console.info(printTrace(otlp.spans, traceId));
    const statements = spans.filter((s) => s.attributes['db.client'] === 'pg');
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) {
      expect(statement.name).toMatch(/^(SELECT|INSERT|UPDATE|DELETE|WITH) q_[0-9a-f]{20}$/);
      expect(statement.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.statement.name': statement.name.split(' ')[1],
      });
      expect(ancestors(statement)[0]).toMatch(/^POST \/api\/(carts|sandbox\/tokens|payments)\/$/);
    }
    // The payment's own statements, and those its provider call ran, are in the trace.
    const payment = statements.filter((s) => ancestors(s).includes('POST /api/payments/'));
    expect(payment.length).toBeGreaterThan(3);
    expect(payment.some((s) => ancestors(s).includes('payment-provider createPayment'))).toBe(true);
    // Parameters never leave: no e-mail address, no card number.
    const exported = JSON.stringify(otlp.spans);
    expect(exported).not.toContain(EMAIL);
    expect(exported).not.toContain('4242424242424242');
  });
});
