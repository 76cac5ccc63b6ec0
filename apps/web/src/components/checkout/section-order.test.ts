import { describe, expect, it } from 'vitest';
import { featureFlagsFileSchema, resolveFlags, type FeatureFlags } from '../../rules/feature-flags';
import defaults from '../../../../../config/feature-flags.json';
import { checkoutVariants } from '../../experiments/checkout-variants';
import { sectionOrder } from './section-order';

const base = featureFlagsFileSchema.parse(defaults);
const variants = (flags: Partial<FeatureFlags>, active: Record<string, string> = {}) =>
  checkoutVariants(resolveFlags(base, flags), active);

describe('checkout sections (spec §2: e-mail, sign-up, cross-sell, …)', () => {
  it('has no sign-up section while no sign-up method beyond the e-mail is offered', () => {
    expect(sectionOrder(variants({}))).toEqual([
      'plans',
      'email',
      'cross-sell',
      'one-click-payments',
      'payment-methods',
    ]);
  });

  it('puts the sign-up section between the e-mail and the cross-sell when the flag is on', () => {
    expect(sectionOrder(variants({ 'oauth-signup-methods': 'on' }))).toEqual([
      'plans',
      'email',
      'sign-up',
      'cross-sell',
      'one-click-payments',
      'payment-methods',
    ]);
  });

  it('keeps the sign-up section under the e-mail when the e-mail moves above the payment', () => {
    const order = sectionOrder(
      variants({}, { 'signup-methods': 'oauth', 'email-in-payment': 'in-payment' }),
    );
    expect(order.slice(order.indexOf('email'))).toEqual(['email', 'sign-up', 'payment-methods']);
  });
});
