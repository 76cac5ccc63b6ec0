/** Sandbox test cards, and the gateway's card check: spec §5 (core) plus the test outcome. */
import { createHmac } from 'node:crypto';
import type { CardInput } from '@checkout/core';
import { checkCardInput, type CheckedCardInput } from '@checkout/core/card-validation';

export type SandboxOutcome =
  'success' | 'declined' | 'insufficient_funds' | 'expired_card' | 'pending' | 'error' | 'canceled';

/** Test card numbers choose the outcome; any other valid number succeeds. */
export const TEST_CARDS: Readonly<Record<string, SandboxOutcome | 'challenge'>> = {
  '4000000000003220': 'challenge',
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000259': 'pending',
  '4000000000000119': 'error',
};

/**
 * Pays when the shopper is present, then declines every merchant-initiated charge (renewals):
 * the card to try dunning with (Stripe's 4000 0000 0000 0341 behaves alike).
 */
export const DECLINES_RENEWALS = '4000000000000341';

/** What a merchant-initiated charge of a saved card answers. */
export type RenewalOutcome = 'success' | 'declined';

/**
 * Every valid number starting so is declined: as many distinct declined cards as a card-testing
 * drill needs (each its own fingerprint), where the list above has three.
 */
export const DECLINED_RANGE = '40000000010';

/**
 * The gateway's card fingerprint: an HMAC of the digits under a key of its own, so a card is
 * recognised across tokens while the number cannot be recovered from it.
 */
export function cardFingerprint(secret: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  return `fp_${createHmac('sha256', secret).update(`card.${digits}`).digest('base64url')}`;
}

const DECLINES: ReadonlySet<string> = new Set(['declined', 'insufficient_funds', 'expired_card']);

export interface CheckedCard extends CheckedCardInput {
  outcome: SandboxOutcome | 'challenge';
  renewalOutcome: RenewalOutcome;
}

/** Checks a card the way a gateway does; the outcome is chosen by the test card number. */
export function checkCard(form: CardInput, now = new Date()): CheckedCard {
  const checked = checkCardInput(form, now);
  const digits = form.number.replace(/\D/g, '');
  const outcome =
    TEST_CARDS[digits] ?? (digits.startsWith(DECLINED_RANGE) ? 'declined' : 'success');
  const declinesLater = digits === DECLINES_RENEWALS || DECLINES.has(outcome);
  return { ...checked, outcome, renewalOutcome: declinesLater ? 'declined' : 'success' };
}
