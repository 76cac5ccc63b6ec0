/**
 * Signed notification bodies, for the providers that sign as many do: HMAC-SHA256 over
 * "<timestamp>.<raw body>", sent as `t=<unix seconds>,v1=<hex>` in a header of the provider's
 * own, refused when older or newer than the tolerance (5 minutes). An adapter names its header
 * and secret; the body it then reads is `{ id, paymentId, status }` in the provider's words.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { text } from '@checkout/core';
import type { IncomingNotification } from './adapter';

export const TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export type SignatureCheck = 'valid' | 'malformed' | 'expired' | 'mismatch';

/** When the provider signed a notification (seconds), from a header verifyWebhook accepted. */
export function signedAt(header: string | string[] | undefined): number {
  return Number(/(?:^|,)t=(\d+)/.exec(String(header))?.[1] ?? Number.NaN);
}

export function verifyWebhook(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
): SignatureCheck {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.split('=') as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return 'malformed';
  if (Math.abs(now - timestamp) > TOLERANCE_SECONDS) return 'expired';
  const expected = Buffer.from(signWebhook(secret, body, timestamp).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? 'valid'
    : 'mismatch';
}

const signedNotification = z.object({
  id: text().min(1).max(128),
  paymentId: z.uuid(),
  status: text().min(1).max(64),
});
export type SignedNotification = z.infer<typeof signedNotification> & {
  /** The signature's timestamp. */
  signedAt: Date;
};

/**
 * The notification under `header`, checked with `secret`: undefined when the header is absent
 * (another provider's), an AppError when forged, stale or malformed, else its fields.
 */
export function readSignedNotification(
  secret: string,
  header: string,
  notification: IncomingNotification,
): SignedNotification | AppError | undefined {
  const signature = notification.headers[header];
  if (signature === undefined) return undefined;
  const check = verifyWebhook(
    secret,
    typeof signature === 'string' ? signature : undefined,
    notification.body,
    Math.floor(notification.receivedAt.getTime() / 1000),
  );
  if (check !== 'valid')
    return new AppError(ERROR_CODES.invalidSignature, `Webhook signature ${check}.`);
  let json: unknown;
  try {
    json = JSON.parse(notification.body);
  } catch {
    return new AppError(ERROR_CODES.validation, 'The notification is not JSON.');
  }
  const parsed = signedNotification.safeParse(json);
  return parsed.success
    ? { ...parsed.data, signedAt: new Date(signedAt(signature) * 1000) }
    : new AppError(ERROR_CODES.validation, 'The notification is not valid.');
}
