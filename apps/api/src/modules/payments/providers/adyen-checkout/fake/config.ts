/** Test only: a whole Adyen test-account configuration, as a merchant sets it. */
import { randomBytes } from 'node:crypto';

export function adyenEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ADYEN_API_KEY: `AQE${randomBytes(24).toString('base64url')}`,
    ADYEN_MERCHANT_ACCOUNT: 'AegisECOM',
    ADYEN_CLIENT_KEY: 'test_ABCDEFGHIJKLMNOPQRSTUVWX12345678',
    ADYEN_HMAC_KEY: randomBytes(32).toString('hex').toUpperCase(),
    ADYEN_WEBHOOK_USERNAME: 'adyen-notifier',
    ADYEN_WEBHOOK_PASSWORD: randomBytes(24).toString('base64url'),
    ...overrides,
  };
}
