/** The payment providers of spec §3: how each is paid with, and where it is offered. */
import type { Currency } from './currencies';

export const METHOD_GROUPS = [
  'card',
  'wallet',
  'bank_redirect',
  'direct_debit',
  'bnpl',
  'crypto',
  'local',
] as const;
export type MethodGroup = (typeof METHOD_GROUPS)[number];

export const FLOW_KINDS = ['payment', 'one_click_payment', 'package_identifier'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

export type FormMode = 'redirect' | 'form';

export const ACTION_TYPES = [
  'done',
  'error',
  'redirect',
  'redirect_post',
  'frontend_action',
  'token_exchange',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Who processes the payment: one adapter per family maps its statuses onto ours. */
export const PROVIDER_FAMILIES = [
  'adyen',
  'stripe',
  'paypal',
  'payssion',
  'checkout_com',
  'amazon_pay',
  'crypto',
  'hosted',
  /** A bank transfer an operator confirms: offered only where its adapter is configured. */
  'manual',
] as const;
export type ProviderFamily = (typeof PROVIDER_FAMILIES)[number];

export interface ProviderSpec {
  id: string;
  family: ProviderFamily;
  method: MethodGroup;
  flow: FlowKind;
  form: FormMode;
  /** How the shopper is taken through the provider. */
  action: ActionType;
  /** ISO countries where offered, or every country. */
  countries: readonly string[] | 'all';
  currencies: readonly Currency[] | 'all';
  /** Inclusive bounds of the order total, in minor units of the order currency. */
  minMinor?: number;
  maxMinor?: number;
}

const EURO = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PT'] as const;
const p = (
  id: string,
  family: ProviderFamily,
  method: MethodGroup,
  action: ActionType,
  countries: ProviderSpec['countries'],
  currencies: ProviderSpec['currencies'],
  extra: Partial<ProviderSpec> = {},
): ProviderSpec => ({
  id,
  family,
  method,
  flow: 'payment',
  // Paid inside the checkout (card fields, a sheet or a widget in a dialog), or on the provider's page.
  form: action === 'frontend_action' || action === 'token_exchange' ? 'form' : 'redirect',
  action,
  countries,
  currencies,
  ...extra,
});
const oneClick = { flow: 'one_click_payment' as const, form: 'form' as const };

export const PAYMENT_PROVIDERS: readonly ProviderSpec[] = [
  // Adyen
  p('adyen_applepay', 'adyen', 'wallet', 'frontend_action', 'all', 'all', oneClick),
  p('adyen_bancontact', 'adyen', 'bank_redirect', 'redirect', ['BE'], ['EUR']),
  p('adyen_blik', 'adyen', 'local', 'frontend_action', ['PL'], ['PLN']),
  p('adyen_cartes_bancaires', 'adyen', 'card', 'frontend_action', ['FR'], ['EUR']),
  p('adyen_card', 'adyen', 'card', 'frontend_action', 'all', 'all'),
  p('adyen_cyberpost', 'adyen', 'local', 'redirect', ['KR'], ['KRW']),
  p('adyen_dankort', 'adyen', 'card', 'frontend_action', ['DK'], ['DKK']),
  p('adyen_gopay', 'adyen', 'wallet', 'redirect', ['ID'], ['IDR']),
  p('adyen_googlepay', 'adyen', 'wallet', 'frontend_action', 'all', 'all', oneClick),
  p('adyen_grabpay', 'adyen', 'wallet', 'redirect', ['SG'], ['SGD']),
  p('adyen_ideal', 'adyen', 'bank_redirect', 'redirect', ['NL'], ['EUR']),
  p('adyen_kakaopay', 'adyen', 'wallet', 'redirect', ['KR'], ['KRW']),
  p(
    'adyen_klarna',
    'adyen',
    'bnpl',
    'redirect',
    [...EURO, 'DK', 'NO', 'SE', 'GB', 'US'],
    ['EUR', 'DKK', 'NOK', 'SEK', 'GBP', 'USD'],
    { minMinor: 100 },
  ),
  // Korean domestic cards, in card fields that ask for the card password (card-form.ts).
  p('adyen_kcp', 'adyen', 'card', 'frontend_action', ['KR'], ['KRW']),
  p('adyen_momo', 'adyen', 'wallet', 'redirect', ['VN'], ['VND']),
  p('adyen_pix', 'adyen', 'local', 'frontend_action', ['BR'], ['BRL']),
  p(
    'adyen_sofort',
    'adyen',
    'bank_redirect',
    'redirect',
    ['AT', 'BE', 'DE', 'ES', 'IT', 'NL', 'CH'],
    ['EUR', 'CHF'],
  ),
  p('adyen_twint', 'adyen', 'wallet', 'redirect', ['CH'], ['CHF']),
  p('adyen_unionpay', 'adyen', 'card', 'redirect', ['CN', 'HK'], ['CNY', 'HKD']),
  p('adyen_vipps', 'adyen', 'wallet', 'redirect', ['NO'], ['NOK']),
  // Other providers
  p('alipay', 'hosted', 'wallet', 'redirect', ['CN', 'HK'], ['CNY', 'HKD', 'USD']),
  p(
    'amazon_pay',
    'amazon_pay',
    'wallet',
    'redirect',
    ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'JP'],
    ['USD', 'GBP', 'EUR', 'JPY'],
  ),
  p(
    'amazon_pay_widget',
    'amazon_pay',
    'wallet',
    'frontend_action',
    ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'JP'],
    ['USD', 'GBP', 'EUR', 'JPY'],
    oneClick,
  ),
  p('checkout_card', 'checkout_com', 'card', 'frontend_action', 'all', 'all'),
  p('coingate', 'crypto', 'crypto', 'redirect', 'all', ['USD', 'EUR', 'GBP'], { minMinor: 500 }),
  p('coinpayments', 'crypto', 'crypto', 'redirect', 'all', ['USD', 'EUR'], { minMinor: 500 }),
  p('doku', 'hosted', 'local', 'redirect', ['ID'], ['IDR']),
  p('ebanx_pix', 'hosted', 'local', 'frontend_action', ['BR'], ['BRL']),
  p(
    'gocardless_direct_debit',
    'hosted',
    'direct_debit',
    'redirect',
    ['GB', ...EURO],
    ['GBP', 'EUR'],
  ),
  p('line_pay', 'hosted', 'wallet', 'redirect', ['JP', 'TW'], ['JPY', 'TWD']),
  p('inhouse_payments', 'hosted', 'card', 'frontend_action', 'all', 'all'),
  p('inhouse_applepay', 'hosted', 'wallet', 'frontend_action', 'all', 'all', oneClick),
  p('paddle', 'hosted', 'card', 'redirect', 'all', ['USD', 'EUR', 'GBP']),
  p('paypal', 'paypal', 'wallet', 'redirect', 'all', 'all'),
  p('paypal_incontext', 'paypal', 'wallet', 'frontend_action', 'all', 'all', oneClick),
  p('paypay', 'hosted', 'wallet', 'redirect', ['JP'], ['JPY']),
  p('p24', 'hosted', 'bank_redirect', 'redirect_post', ['PL'], ['PLN', 'EUR']),
  p('processout', 'hosted', 'card', 'frontend_action', 'all', 'all'),
  p('stripe', 'stripe', 'card', 'frontend_action', 'all', 'all'),
  p('stripe_naverpay', 'stripe', 'wallet', 'redirect', ['KR'], ['KRW']),
  p('stripe_wechat', 'stripe', 'wallet', 'redirect', ['CN'], ['CNY']),
  // Payssion
  p('payssion_bancontact', 'payssion', 'bank_redirect', 'redirect_post', ['BE'], ['EUR']),
  p('payssion_multibanco', 'payssion', 'local', 'redirect_post', ['PT'], ['EUR']),
  p('payssion_qiwi', 'payssion', 'wallet', 'redirect_post', ['KZ'], ['USD', 'EUR']),
  p('payssion_unionpay', 'payssion', 'card', 'redirect_post', ['CN'], ['CNY']),
  p('payssion_webmoney', 'payssion', 'wallet', 'redirect_post', 'all', ['USD', 'EUR']),
  // Bank transfer: the account is linked in the provider's widget (token exchange)
  p('stripe_ach', 'stripe', 'direct_debit', 'token_exchange', ['US'], ['USD']),
  // Manual bank transfer: the shopper transfers, an operator confirms the money arrived.
  p('bank_transfer', 'manual', 'local', 'done', 'all', 'all'),
];

/**
 * Card providers paid in the checkout itself: the provider's card fields are framed on the page
 * and hand over a token. The others (UnionPay, Paddle) send the shopper to the
 * issuer's or provider's own page.
 */
export function takesCardFields(provider: ProviderSpec): boolean {
  return provider.method === 'card' && provider.form === 'form';
}

export function findProvider(id: string): ProviderSpec | undefined {
  return PAYMENT_PROVIDERS.find((provider) => provider.id === id);
}

/** Providers that serve a country, currency and amount, in catalogue order. */
export function providersFor(
  flow: FlowKind,
  order: { country: string; currency: Currency; amountMinor: number },
): ProviderSpec[] {
  return PAYMENT_PROVIDERS.filter(
    (provider) =>
      provider.flow === flow &&
      (provider.countries === 'all' || provider.countries.includes(order.country)) &&
      (provider.currencies === 'all' || provider.currencies.includes(order.currency)) &&
      order.amountMinor >= (provider.minMinor ?? 0) &&
      order.amountMinor <= (provider.maxMinor ?? Number.MAX_SAFE_INTEGER),
  );
}
