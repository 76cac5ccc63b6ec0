/**
 * Test only: Adyen's published OpenAPI documents (Checkout v71, Webhooks v1) as the fake's
 * contract, through the provider-neutral validator every fake provider shares.
 */
import { openApiValidator } from '../../fake-provider/openapi-validator';

const violations = openApiValidator('adyen-openapi', {
  checkout: 'CheckoutService-v71.json',
  webhooks: 'Webhooks-v1.json',
});

/** The problems of `value` against a component schema of a document; empty when it is valid. */
export function violationsOf(
  document: 'checkout' | 'webhooks',
  schema: string,
  value: unknown,
): string[] {
  return violations(document, schema, value);
}
