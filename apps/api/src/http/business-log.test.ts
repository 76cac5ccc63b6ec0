/** The log an operator reads: one line per business event, none per health check. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { EMAIL, buy } from '../test-support/purchase';
import { testBrowser } from '../test-browser';

describe('business events in the log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
        },
      },
    );
  });
  afterAll(() => t.close());

  it('says once that an order was paid, with its id and nothing personal', async () => {
    const { orderId } = (
      await buy(
        testBrowser(() => t.app),
        randomUUID(),
      )
    ).json<PaymentAction>();
    const events = lines.filter((l) => l.msg === 'order moved' && l.orderId === orderId);
    expect(events).toEqual([expect.objectContaining({ level: 30, orderId, status: 'paid' })]);
    expect(JSON.stringify(lines)).not.toContain(EMAIL);
  });

  it('says that a mail was sent (the receipt, with its invoice), without its address', async () => {
    await expect
      .poll(() => lines.filter((l) => l.msg === 'mail sent'), { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ transport: 'sandbox', attachments: 1 }));
    expect(JSON.stringify(lines)).not.toContain(EMAIL);
  });

  it('says nothing of a health check', async () => {
    const before = lines.length;
    for (const url of ['/api/health/', '/api/health/live/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    // Background work may log meanwhile; nothing may be about the probes.
    expect(JSON.stringify(lines.slice(before))).not.toContain('/api/health');
  });
});
