/** The checkout's main sections (spec §2), in the order the §9 experiments and flags put them. */
import type { CheckoutVariants } from '../../experiments/checkout-variants';

export type Section =
  'plans' | 'email' | 'sign-up' | 'cross-sell' | 'one-click-payments' | 'payment-methods';

/** The sections that pay; the order summary comes before them. */
export const PAYING_SECTIONS: ReadonlySet<Section> = new Set([
  'one-click-payments',
  'payment-methods',
]);

export function sectionOrder(variants: CheckoutVariants): Section[] {
  const order: Section[] = [
    'plans',
    'email',
    'cross-sell',
    'one-click-payments',
    'payment-methods',
  ];
  const move = (section: Section, before: Section) => {
    order.splice(order.indexOf(section), 1);
    order.splice(order.indexOf(before), 0, section);
  };
  // cross-sell-step-desktop:step — its own step right after the plan choice.
  if (variants.crossSellAfterPlans) move('cross-sell', 'email');
  // email-in-payment:in-payment — the e-mail right above the payment methods.
  if (variants.emailInPayment) move('email', 'payment-methods');
  // The other ways to sign up follow the e-mail, wherever it is: e-mail first, then the rest.
  if (variants.oauthSignup) order.splice(order.indexOf('email') + 1, 0, 'sign-up');
  return order;
}
