/**
 * The sandbox gateway's hosted-page sessions: the page URL a payment hands out carries a token
 * naming the payment and its expiry, signed with CART_SECRET, so only the browser that started
 * the payment can approve, decline or cancel it there. Holding a payment id alone is worth nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Long enough to log in at a provider and confirm, short enough that a leaked link soon dies. */
export const SESSION_LIFETIME_SECONDS = 30 * 60;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`hosted-session.${payload}`).digest('base64url');

export function signHostedSession(secret: string, paymentId: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ p: paymentId, e: Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type SessionCheck = 'valid' | 'expired' | 'invalid';

/** A session for this payment, still running; forged, garbled or another payment's is invalid. */
export function checkHostedSession(
  secret: string,
  token: unknown,
  paymentId: string,
  now = Date.now(),
): SessionCheck {
  if (typeof token !== 'string' || token.length > 512) return 'invalid';
  const [payload = '', signature = ''] = token.split('.');
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    p?: unknown;
    e?: unknown;
  };
  if (claims.p !== paymentId || typeof claims.e !== 'number') return 'invalid';
  return claims.e * 1000 < now ? 'expired' : 'valid';
}
