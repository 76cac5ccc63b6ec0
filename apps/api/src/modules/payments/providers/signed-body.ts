/**
 * Webhook signatures: HMAC-SHA256 over "<timestamp>.<raw body>", sent as
 * `t=<unix seconds>,v1=<hex>`; refused when older or newer than the tolerance (5 minutes).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const TOLERANCE_SECONDS = 300;

export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export type SignatureCheck = 'valid' | 'malformed' | 'expired' | 'mismatch';

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
