/**
 * `npm run smoke:adyen`: the Adyen adapter's own calls against a real Adyen test account, with
 * the ADYEN_* variables of that account (ADYEN_ENVIRONMENT=test; never live). Asks
 * /paymentMethods for NL/EUR, pays 1.00 EUR with Adyen's test Visa (Adyen's test environment
 * takes `test_`-prefixed card data in its encrypted fields), then refunds it. Prints one JSON
 * line; exits 1 when a step fails. Needs network access to checkout-test.adyen.com.
 */
import { randomUUID } from 'node:crypto';
import { loadEnv } from '../apps/api/src/env';
import { checkoutApi } from '../apps/api/src/modules/payments/providers/adyen-checkout/client';
import { adyenConfig } from '../apps/api/src/provider-settings/adyen-checkout';

const config = adyenConfig(loadEnv());
if (!config || config.environment !== 'test' || config.checkoutUrl) {
  console.error('smoke:adyen needs a whole ADYEN_* test configuration and no ADYEN_CHECKOUT_URL');
  process.exit(1);
}
const api = checkoutApi(config);
const merchantAccount = config.merchantAccount;
const amount = { value: 100, currency: 'EUR' };
const reference = randomUUID();
const methods = await api.PaymentsApi.paymentMethods(
  { merchantAccount, countryCode: 'NL', amount },
  { idempotencyKey: `smoke-methods-${reference}` },
);
const payment = await api.PaymentsApi.payments(
  {
    merchantAccount,
    amount,
    reference,
    returnUrl: 'https://example.com/processing/',
    paymentMethod: {
      type: 'scheme',
      encryptedCardNumber: 'test_4111111111111111',
      encryptedExpiryMonth: 'test_03',
      encryptedExpiryYear: 'test_2030',
      encryptedSecurityCode: 'test_737',
    } as never,
  },
  { idempotencyKey: `smoke-pay-${reference}` },
);
const refund = payment.pspReference
  ? await api.ModificationsApi.refundCapturedPayment(
      payment.pspReference,
      { merchantAccount, amount, reference },
      { idempotencyKey: `smoke-refund-${reference}` },
    )
  : undefined;
const ok = String(payment.resultCode) === 'Authorised' && String(refund?.status) === 'received';
console.log(
  JSON.stringify({
    methods: (methods.paymentMethods ?? []).map((m) => m.type),
    resultCode: payment.resultCode,
    pspReference: payment.pspReference,
    refund: refund?.status,
    refundPspReference: refund?.pspReference,
    ok,
  }),
);
process.exit(ok ? 0 : 1);
