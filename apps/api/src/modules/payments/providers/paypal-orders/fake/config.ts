/** Test only: a whole PayPal sandbox REST app configuration, as a merchant sets it. */
import { randomBytes } from 'node:crypto';

export function paypalEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: `AZ${randomBytes(30).toString('base64url')}`,
    PAYPAL_CLIENT_SECRET: `EL${randomBytes(30).toString('base64url')}`,
    PAYPAL_WEBHOOK_ID: `8PT${randomBytes(6).toString('hex').toUpperCase()}`,
    ...overrides,
  };
}
