/** The checkout's steps, in order (the stepper and `payment_step` use them). */
export const STEPS = ['plan', 'account', 'payment'] as const;
export type Step = (typeof STEPS)[number];
