import { isRightToLeft } from '@checkout/core';

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * A value of the shopper's own (an e-mail address) put into a translated sentence: in a
 * right-to-left language its hyphens and dots would let the bidirectional algorithm split and
 * reorder it ("shot-" … ".ar@gmail.com"), so it is wrapped in Unicode isolates there, the plain
 * text equivalent of <bdi>. Left-to-right languages get the value unchanged.
 */
export function isolatedValue(locale: string, value: string): string {
  return isRightToLeft(locale)
    ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`
    : value;
}
