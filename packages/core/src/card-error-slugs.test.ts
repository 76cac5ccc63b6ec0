import { describe, expect, it } from 'vitest';
import {
  CARD_ERROR_MESSAGES,
  cardErrorSlug,
  cardErrorSlugs,
  type CardErrorCode,
} from './card-fields';

describe('card form error slugs (spec §5: cannot-be-empty, invalid)', () => {
  it.each(Object.keys(CARD_ERROR_MESSAGES) as CardErrorCode[])(
    '%s has the slug its message says',
    (code) => {
      const message = CARD_ERROR_MESSAGES[code];
      expect(cardErrorSlug(code)).toBe(
        message.endsWith('cannot be empty') ? 'cannot-be-empty' : 'invalid',
      );
    },
  );

  it('gives a passed or distant expiry date the invalid slug', () => {
    expect(cardErrorSlug('expiryPassed')).toBe('invalid');
    expect(cardErrorSlug('expiryTooFar')).toBe('invalid');
  });

  it('turns a form answer into one slug per field', () => {
    expect(cardErrorSlugs({ number: 'numberEmpty', cvc: 'cvcInvalid', name: 'nameEmpty' })).toEqual(
      {
        number: 'cannot-be-empty',
        cvc: 'invalid',
        name: 'cannot-be-empty',
      },
    );
  });
});
