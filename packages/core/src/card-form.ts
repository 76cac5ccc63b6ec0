/**
 * Which fields the card form asks for (spec §3 "Payment form fields"), decided per provider and
 * billing country. The checkout picks the form; the gateway's frame shows it and checks it. No zod
 * here: the payment page's first load imports these rules (the schema is card-form-schema.ts).
 */
export const EXPIRY_LAYOUTS = ['combined', 'split'] as const;
/** One MM / YY field, or a month field and a year field (the "card input layout" experiment). */
export type ExpiryLayout = (typeof EXPIRY_LAYOUTS)[number];

/** How the payer's name is asked: as on the card, as first and last name, or as one full name. */
export const NAME_LAYOUTS = ['cardholder', 'first_last', 'full'] as const;
export type NameLayout = (typeof NAME_LAYOUTS)[number];

/** A card form: which fields the shopper fills in (its schema: card-form-schema.ts). */
export interface CardForm {
  expiry: ExpiryLayout;
  names: NameLayout;
  /** The first two digits of the card's PIN, which Korean domestic cards are authorised with. */
  password: boolean;
  /** Billing postal code, checked against the country's format. */
  postalCode: boolean;
  country: string;
}

/**
 * Korean domestic cards go through KCP, which authorises them with the card password's first two
 * digits and the payer's name as one field (Korean names are not split first/last on cards).
 */
const KOREAN_CARD_PROVIDERS: ReadonlySet<string> = new Set(['adyen_kcp']);

/**
 * Brazilian and Mexican acquirers take the payer's first and last name for their fraud checks
 * (the name printed on the card is often abbreviated there).
 */
const FIRST_LAST_NAME_COUNTRIES: ReadonlySet<string> = new Set(['BR', 'MX']);

/**
 * Issuers in the United Kingdom and Canada check the billing postal code (AVS). US shoppers give
 * theirs with the billing address (layout state_with_postal), so the card form does not ask again.
 */
const POSTAL_CODE_COUNTRIES: ReadonlySet<string> = new Set(['GB', 'CA']);

export function isKoreanCardProvider(providerId: string): boolean {
  return KOREAN_CARD_PROVIDERS.has(providerId);
}

export function cardFormFor(
  providerId: string,
  country: string,
  expiry: ExpiryLayout = 'combined',
): CardForm {
  const korean = isKoreanCardProvider(providerId);
  return {
    expiry,
    names: korean ? 'full' : FIRST_LAST_NAME_COUNTRIES.has(country) ? 'first_last' : 'cardholder',
    password: korean,
    postalCode: POSTAL_CODE_COUNTRIES.has(country),
    country,
  };
}

export const CARD_FIELD_NAMES = [
  'number',
  'expiry',
  'expiryMonth',
  'expiryYear',
  'cvc',
  'password',
  'name',
  'firstName',
  'lastName',
  'fullName',
  'postalCode',
] as const;
export type CardFieldName = (typeof CARD_FIELD_NAMES)[number];

/** The fields of a form, in the order the shopper meets them. */
export function cardFormFields(form: CardForm): CardFieldName[] {
  const names: Record<NameLayout, CardFieldName[]> = {
    cardholder: ['name'],
    first_last: ['firstName', 'lastName'],
    full: ['fullName'],
  };
  return [
    'number',
    ...(form.expiry === 'split' ? (['expiryMonth', 'expiryYear'] as const) : (['expiry'] as const)),
    'cvc',
    ...(form.password ? (['password'] as const) : []),
    ...names[form.names],
    ...(form.postalCode ? (['postalCode'] as const) : []),
  ];
}
