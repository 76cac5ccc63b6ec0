'use client';
/**
 * The checkout's parts the shopper does not start with (deferred-sections.ts): the plan and the
 * e-mail come first. The server renders them with the page; their code (about 6 KB gzip) is
 * fetched as the page hydrates rather than with its first load, and each hydrates once it is in;
 * their styles come with the page (deferred-styles.ts).
 */
import { deferred } from '../../lib/deferred';

const load = () => import('./deferred-sections');

export const LazyAddressFields = deferred(load, (m) => m.AddressFields);
export const LazyCountdown = deferred(load, (m) => m.Countdown);
export const LazyCouponField = deferred(load, (m) => m.CouponField);
export const LazyCrossSellSection = deferred(load, (m) => m.CrossSellSection);
export const LazyExperimentExposures = deferred(load, (m) => m.ExperimentExposures);
export const LazyOrderSummary = deferred(load, (m) => m.OrderSummary);
export const LazySignUpSection = deferred(load, (m) => m.SignUpSection);
export const LazyStepFocus = deferred(load, (m) => m.StepFocus);
export const LazyStepper = deferred(load, (m) => m.Stepper);
