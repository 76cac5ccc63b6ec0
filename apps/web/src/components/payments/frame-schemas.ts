/** What the card frame and the bank-link widget may post; loaded on demand by frame-messages.ts. */
export { bankLinkMessageSchema, cardFrameMessageSchema } from '@checkout/core';
