'use client';
/**
 * The checkout's parts the shopper does not start with (deferred-sections.ts): the plan and the
 * e-mail come first. The server renders them with the page; their code (about 5 KB gzip) is
 * fetched as the page hydrates rather than with its first load, and each hydrates once it is in.
 */
import { deferred } from '../../lib/deferred';
// Their rules stay with the page: the server's HTML of these parts is styled from the first paint.
import './address-fields.module.css';
import './coupon-field.module.css';
import './cross-sell-section.module.css';
import './sign-up-section.module.css';

const load = () => import('./deferred-sections');

export const LazyAddressFields = deferred(load, (m) => m.AddressFields);
export const LazyCountdown = deferred(load, (m) => m.Countdown);
export const LazyCouponField = deferred(load, (m) => m.CouponField);
export const LazyCrossSellSection = deferred(load, (m) => m.CrossSellSection);
export const LazyExperimentExposures = deferred(load, (m) => m.ExperimentExposures);
export const LazySignUpSection = deferred(load, (m) => m.SignUpSection);
export const LazyStepFocus = deferred(load, (m) => m.StepFocus);
