/**
 * What the §9 experiments and feature flags switch on the checkout page, in one place: a flag
 * and the experiment that names the same change drive the same switch. Pure (flags and the
 * variants the proxy assigned in, switches out), so server components only read switches.
 * The duo plan is a package, not a switch: checkout.server.ts (flag) and the api (experiment).
 */
import { isEnabled, type FeatureFlags } from '../rules/feature-flags';
import type { Assignments } from '@checkout/core/experiments';

export interface CheckoutVariants {
  /** Flag extra-plans or family-cross-sell:family — the cross-sell offers the family plan too. */
  familyCrossSell: boolean;
  /** new-payment-method-form:tiles — payment methods as a grid of tiles. */
  paymentMethodTiles: boolean;
  /** big-payment-cta:big — a full-width, taller pay button. */
  bigPaymentCta: boolean;
  /** Flag plan-upsell or plan-upsell:upsell — an offer to move up to the next tier. */
  planUpsell: boolean;
  /** plan-title:display-title — period cards titled with the catalog's display title. */
  displayTitles: boolean;
  /** email-in-payment:in-payment — the e-mail section right above the payment methods. */
  emailInPayment: boolean;
  /** section-header-copy:numbered — section titles carry their step number. */
  numberedSections: boolean;
  /** cross-sell-copy:benefit — the offer says what the product adds. */
  crossSellBenefitCopy: boolean;
  /** plan-features:first — "What you get" above the billing periods. */
  featuresFirst: boolean;
  /** cross-sell-step-desktop:step — the cross-sell right after the plan choice (desktop). */
  crossSellAfterPlans: boolean;
  /** card-input-layout:split — separate expiry month and year fields. */
  expiryLayout: 'combined' | 'split';
  /** Flag renewal-price-disclaimer (a legal disclosure: no experiment hides it) … */
  renewalDisclaimer: boolean;
  /** … and renewal-price-disclaimer:prominent shows it in a highlighted box. */
  renewalProminent: boolean;
  /** Flag oauth-signup-methods or signup-methods:oauth — the sign-up section: account site, log in. */
  oauthSignup: boolean;
}

export function checkoutVariants(flags: FeatureFlags, active: Assignments): CheckoutVariants {
  const is = (experiment: string, variant: string) => active[experiment] === variant;
  return {
    familyCrossSell: isEnabled(flags, 'extra-plans') || is('family-cross-sell', 'family'),
    paymentMethodTiles: is('new-payment-method-form', 'tiles'),
    bigPaymentCta: is('big-payment-cta', 'big'),
    planUpsell: isEnabled(flags, 'plan-upsell') || is('plan-upsell', 'upsell'),
    displayTitles: is('plan-title', 'display-title'),
    emailInPayment: is('email-in-payment', 'in-payment'),
    numberedSections: is('section-header-copy', 'numbered'),
    crossSellBenefitCopy: is('cross-sell-copy', 'benefit'),
    featuresFirst: is('plan-features', 'first'),
    crossSellAfterPlans: is('cross-sell-step-desktop', 'step'),
    expiryLayout: is('card-input-layout', 'split') ? 'split' : 'combined',
    renewalDisclaimer: isEnabled(flags, 'renewal-price-disclaimer'),
    renewalProminent: is('renewal-price-disclaimer', 'prominent'),
    oauthSignup: isEnabled(flags, 'oauth-signup-methods') || is('signup-methods', 'oauth'),
  };
}
