/**
 * `npm run smoke:paypal`: the PayPal adapter's own REST calls against a real PayPal sandbox REST
 * app, with the PAYPAL_* variables of that app (PAYPAL_ENVIRONMENT=sandbox; never live). Fetches
 * an OAuth2 token, creates a 1.00 EUR order with intent CAPTURE, prints its approval link and
 * waits (up to five minutes) for a sandbox personal account to approve it in a browser: PayPal's
 * Orders API has no server-side approval for PayPal wallets. Then captures the order and refunds
 * the capture. Prints one JSON line; exits 1 when a step fails. Needs network access to
 * api-m.sandbox.paypal.com, so it cannot run in CI or in an offline checkout.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadEnv } from '../apps/api/src/env';
import { paypalClient } from '../apps/api/src/modules/payments/providers/paypal-orders/client';
import { paypalConfig } from '../apps/api/src/provider-settings/paypal-orders';
import {
  approvalLinkOf,
  captureOf,
  type PayPalOrder,
} from '../apps/api/src/modules/payments/providers/paypal-orders/results';

const env = loadEnv();
const config = paypalConfig(env);
if (!config || config.environment !== 'sandbox' || env.PAYPAL_API_URL) {
  console.error('smoke:paypal needs a whole PAYPAL_* sandbox configuration and no PAYPAL_API_URL');
  process.exit(1);
}
const client = paypalClient(config);
const reference = randomUUID();
const order = await client.post<PayPalOrder>(
  '/v2/checkout/orders',
  {
    intent: 'CAPTURE',
    purchase_units: [
      {
        custom_id: reference,
        invoice_id: reference,
        amount: { currency_code: 'EUR', value: '1.00' },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: 'https://example.com/paypal/return/',
          cancel_url: 'https://example.com/paypal/cancel/',
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
        },
      },
    },
  },
  `smoke-order-${reference}`,
);
console.error(`Approve with a sandbox personal account: ${approvalLinkOf(order) ?? '(no link)'}`);
let approved: PayPalOrder = order;
for (let waited = 0; approved.status !== 'APPROVED' && waited < 300; waited += 5) {
  await sleep(5000);
  approved = await client.get<PayPalOrder>(`/v2/checkout/orders/${order.id}`);
}
const captured =
  approved.status === 'APPROVED'
    ? await client.post<PayPalOrder>(
        `/v2/checkout/orders/${order.id}/capture`,
        {},
        `smoke-capture-${reference}`,
      )
    : undefined;
const capture = captured && captureOf(captured);
const refund = capture?.id
  ? await client.post<{ status?: string }>(
      `/v2/payments/captures/${capture.id}/refund`,
      { invoice_id: reference },
      `smoke-refund-${reference}`,
    )
  : undefined;
const ok = capture?.status === 'COMPLETED' && refund?.status === 'COMPLETED';
console.log(
  JSON.stringify({ order: order.status, capture: capture?.status, refund: refund?.status, ok }),
);
process.exit(ok ? 0 : 1);
