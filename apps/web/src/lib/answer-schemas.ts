/** The schemas of the answers the browser reads; loaded on demand by answers.ts. */
export {
  cartViewSchema,
  orderViewSchema,
  paymentActionSchema,
  paymentMethodAnswerSchema,
  paymentMethodViewSchema,
} from '@checkout/core';
export {
  challengeViewSchema,
  interactionAnswerSchema,
  loginResponseSchema,
  oneClickProvidersSchema,
  paymentCancelAnswerSchema,
  regularProvidersSchema,
  taxAnswerSchema,
} from '@checkout/core/contract';
