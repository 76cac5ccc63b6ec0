/**
 * The checkout's parts the shopper does not start with, in one chunk the page fetches as it
 * hydrates (lazy-sections.tsx) instead of with its first load: the stepper, the order summary, its
 * address and coupon, the cross-sell, the sign-up section, and what renders nothing on the server (the countdown's
 * clock, the step focus, the experiments' exposures).
 */
export { AddressFields } from './address-fields';
export { Countdown } from './countdown';
export { CouponField } from './coupon-field';
export { CrossSellSection } from './cross-sell-section';
export { SignUpSection } from './sign-up-section';
export { StepFocus } from './step-focus';
export { Stepper } from './stepper';
export { ExperimentExposures } from '../../experiments/experiment-exposures';
export { OrderSummary } from '../plans/order-summary';
