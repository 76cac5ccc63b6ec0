/**
 * One interface for every payment provider: start a payment (the answer tells the browser what
 * to do next), exchange a bank link's public token, cancel a payment the shopper abandoned in a
 * dialog, ask for a payment's status when its notification is late, give back a capture the
 * order cannot keep (its cart was paid by another order), and map the provider's
 * reported outcomes onto our order status. The sandbox
 * gateway implements it for every family; a real provider implements it beside the sandbox.
 */
import type { Currency, OrderStatus, PaymentAction, ProviderSpec } from '@checkout/core';

export interface NewPayment {
  paymentId: string;
  orderId: string;
  provider: ProviderSpec;
  amountMinor: number;
  currency: Currency;
  returnPath: string;
  /** Card providers: the token the provider's card fields handed the checkout. */
  cardToken?: string;
}

/** What we keep of a card the provider charged: never its number or security code. */
export interface CardSummary {
  brand: string | null;
  last4: string;
  expiry: string;
}

export interface StartedPayment {
  /** What the browser does next. */
  action: PaymentAction;
  card?: CardSummary;
}

/** A payment already started with the provider. */
export interface PaymentRef {
  paymentId: string;
  orderId: string;
}

export interface PaymentAdapter {
  createPayment(payment: NewPayment): Promise<StartedPayment>;
  /**
   * Token-exchange providers: exchange the bank-link widget's public token and charge the
   * linked account. Undefined when the token is forged, expired or another payment's.
   */
  exchangeToken?: (payment: PaymentRef, publicToken: string) => Promise<PaymentAction | undefined>;
  /**
   * Void a payment the provider has not answered (the shopper closed its dialog, a new attempt
   * replaced it, or it expired). Only the provider acts; the caller then cancels the order.
   */
  cancelPayment: (payment: PaymentRef) => Promise<void>;
  /**
   * Refunds the whole capture of a payment whose order may not keep it (another order paid the
   * cart). Called again after a failure, so the provider must refund a payment once however
   * often it is asked (its idempotency key is the payment id). Resolves once the provider
   * accepted the refund; throws when it did not.
   */
  refundPayment: (payment: PaymentRef) => Promise<void>;
  /**
   * Asks the provider for the payment's status, in its own words (as `statusFor` reads them),
   * when its notification is overdue; undefined when it has nothing newer to say.
   */
  refreshStatus: (payment: PaymentRef) => Promise<string | undefined>;
  /**
   * Card providers: the card the provider charged for a payment, as it reports it; asked when
   * the answer that carried it was lost (the process died before storing it).
   */
  cardOf?: (payment: PaymentRef) => Promise<CardSummary | undefined>;
  /** The order status a provider-reported outcome means. */
  statusFor: (outcome: string) => OrderStatus | undefined;
  /** Card providers: the page of the provider's card fields, which the checkout frames. */
  cardFieldsUrl?: string;
  /**
   * Card providers: the provider's keyed hash of the card behind an unspent token (the same card
   * always gives the same value; the number never leaves the provider). Undefined when unknown.
   */
  cardFingerprint?: (cardToken: string) => Promise<string | undefined>;
}
