import { describe, expect, it } from 'vitest';
import { CARD_ERROR_MESSAGES, type CardInput } from './card-fields';
import { cardFormFields, cardFormFor } from './card-form';
import { checkCardInput } from './card-validation';

const NOW = new Date('2026-06-15T12:00:00Z');

const card = (over: Partial<CardInput> = {}): CardInput => ({
  form: cardFormFor('stripe', 'US'),
  number: '4242 4242 4242 4242',
  expiry: '12 / 30',
  cvc: '123',
  name: 'Anna Smith',
  ...over,
});

/** The message the shopper reads under each field. */
const messages = (input: CardInput) =>
  Object.fromEntries(
    Object.entries(checkCardInput(input, NOW).errors).map(([field, code]) => [
      field,
      CARD_ERROR_MESSAGES[code],
    ]),
  );

describe('the card form asked per provider and country', () => {
  it.each([
    ['stripe', 'US', ['number', 'expiry', 'cvc', 'name']],
    ['adyen_card', 'BR', ['number', 'expiry', 'cvc', 'firstName', 'lastName']],
    ['adyen_card', 'GB', ['number', 'expiry', 'cvc', 'name', 'postalCode']],
    ['adyen_card', 'KR', ['number', 'expiry', 'cvc', 'name']],
    ['adyen_kcp', 'KR', ['number', 'expiry', 'cvc', 'password', 'fullName']],
  ])('%s in %s asks for %j', (provider, country, fields) => {
    expect(cardFormFields(cardFormFor(provider, country))).toEqual(fields);
  });

  it('splits the expiry into month and year when the layout says so', () => {
    expect(cardFormFields(cardFormFor('stripe', 'US', 'split'))).toEqual([
      'number',
      'expiryMonth',
      'expiryYear',
      'cvc',
      'name',
    ]);
  });
});

describe('card checks (spec §5)', () => {
  it('accepts a good card and keeps brand, last four and MM/YY', () => {
    expect(checkCardInput(card(), NOW)).toEqual({
      errors: {},
      brand: 'VISA',
      last4: '4242',
      expiry: '12/30',
    });
  });

  it.each<[string, Partial<CardInput>, Record<string, string>]>([
    ['an empty number', { number: ' ' }, { number: 'Card number cannot be empty' }],
    [
      'a mistyped number',
      { number: '4242 4242 4242 4241' },
      { number: 'Card number is not valid' },
    ],
    [
      'letters in the number',
      { number: '4242abcd42424242' },
      { number: 'Card number is not valid' },
    ],
    // Mir: a real card number, of a brand outside the eight we take.
    [
      'a card of a brand not taken',
      { number: '2200 0000 0000 0004' },
      { number: 'Card is not valid' },
    ],
    ['an empty date', { expiry: '' }, { expiry: 'Expiration date cannot be empty' }],
    ['month 13', { expiry: '13 / 30' }, { expiry: 'Expiration date is not valid' }],
    ['a date with no year', { expiry: '12 /' }, { expiry: 'Expiration date is not valid' }],
    ['last month', { expiry: '05 / 26' }, { expiry: 'Expiration date has passed' }],
    [
      '21 years ahead',
      { expiry: '01 / 47' },
      { expiry: 'Expiration date is too far in the future' },
    ],
    ['an empty CVV', { cvc: '' }, { cvc: 'CVV/CVC cannot be empty' }],
    ['a two-digit CVV', { cvc: '12' }, { cvc: 'CVV/CVC is not valid' }],
    ['an empty cardholder', { name: '  ' }, { name: 'Cardholder name cannot be empty' }],
    [
      'a card number as name',
      { name: '4242424242424242' },
      { name: 'Cardholder name is not valid' },
    ],
  ])('refuses %s', (_, over, expected) => {
    expect(messages(card(over))).toEqual(expected);
  });

  it('this month is still good', () => {
    expect(messages(card({ expiry: '06 / 26' }))).toEqual({});
  });

  describe('month and year fields', () => {
    const split = (expiryMonth: string, expiryYear: string) =>
      card({
        form: cardFormFor('stripe', 'US', 'split'),
        expiry: undefined,
        expiryMonth,
        expiryYear,
      });

    it.each([
      [
        '',
        '',
        {
          expiryMonth: 'Expiration month cannot be empty',
          expiryYear: 'Expiration year cannot be empty',
        },
      ],
      [
        '13',
        '3',
        {
          expiryMonth: 'Expiration month is not valid',
          expiryYear: 'Expiration year is not valid',
        },
      ],
      ['00', '2030', { expiryMonth: 'Expiration month is not valid' }],
      ['5', '26', { expiryYear: 'Expiration date has passed' }],
      ['1', '2047', { expiryYear: 'Expiration date is too far in the future' }],
      ['7', '2026', {}],
    ])('month %j year %j', (m, y, expected) => {
      expect(messages(split(m, y))).toEqual(expected);
    });

    it('keeps a four-digit year as MM/YY', () => {
      expect(checkCardInput(split('7', '2031'), NOW).expiry).toBe('07/31');
    });
  });

  it('asks Korean cards for the first two digits of the card password and a full name', () => {
    const kcp = (password: string | undefined, fullName: string | undefined) =>
      messages(card({ form: cardFormFor('adyen_kcp', 'KR'), name: undefined, password, fullName }));
    expect(kcp(undefined, '')).toEqual({
      password: 'Card password cannot be empty',
      fullName: 'Full name cannot be empty',
    });
    expect(kcp('123', 'Kim Minji')).toEqual({ password: 'Card password is not valid' });
    expect(kcp('a1', 'Kim Minji')).toEqual({ password: 'Card password is not valid' });
    expect(kcp('12', 'Kim Minji')).toEqual({});
  });

  it('asks Brazilian payers for first and last name', () => {
    const br = (firstName: string, lastName: string) =>
      messages(
        card({ form: cardFormFor('adyen_card', 'BR'), name: undefined, firstName, lastName }),
      );
    expect(br('', ' ')).toEqual({
      firstName: 'First name cannot be empty',
      lastName: 'Last name cannot be empty',
    });
    expect(br('Ana', 'Souza')).toEqual({});
  });

  it("checks the billing postal code against the country's format", () => {
    const gb = (postalCode: string) =>
      messages(card({ form: cardFormFor('adyen_card', 'GB'), postalCode }));
    expect(gb('')).toEqual({ postalCode: 'Postal code cannot be empty' });
    expect(gb('12345')).toEqual({ postalCode: 'Postal code is not valid' });
    expect(gb('SW1A 1AA')).toEqual({});
  });

  it('ignores fields the form did not show', () => {
    expect(messages(card({ password: 'xx', firstName: '', postalCode: '!' }))).toEqual({});
  });
});
