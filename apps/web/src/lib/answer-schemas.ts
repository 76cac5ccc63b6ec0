/** The schemas of the answers the browser reads; loaded on demand by answers.ts. */
export {
  cartViewSchema,
  challengeViewSchema,
  interactionAnswerSchema,
  loginResponseSchema,
  oneClickProvidersSchema,
  orderViewSchema,
  paymentActionSchema,
  paymentCancelAnswerSchema,
  paymentMethodViewSchema,
  regularProvidersSchema,
  taxAnswerSchema,
} from '@checkout/core';
