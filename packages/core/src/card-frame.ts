/** The card frame's message tags: constants the checkout page sends and checks without zod. */

/** Messages the frame posts are tagged with it, so other frames' messages are ignored. */
export const CARD_FRAME_SOURCE = 'card-fields';

/** The one message the checkout sends the frame. */
export const CARD_TOKENIZE = { source: 'checkout', type: 'tokenize' } as const;
