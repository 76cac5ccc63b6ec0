/**
 * The payments port: one interface for every payment provider. Start a payment (the answer
 * tells the browser what to do next, and what the provider said at once), verify and read the
 * provider's own signed notifications, exchange a bank link's public token, cancel a payment the
 * shopper abandoned, ask for a payment's status when its notification is late, and give back a
 * capture the order cannot keep. An adapter maps its provider's status words onto our order
 * status itself; it never moves an order (payments/outcome.ts does, with what it answers).
 */
import type { AppError } from '@checkout/core/contract';
import type {
  ComponentData,
  Currency,
  OrderStatus,
  PaymentAction,
  PaymentDetailsRequest,
  ProviderSpec,
} from '@checkout/core';
import type { ProviderConfiguration } from '@checkout/core/contract';

export interface NewPayment {
  paymentId: string;
  orderId: string;
  provider: ProviderSpec;
  amountMinor: number;
  currency: Currency;
  returnPath: string;
  /** Card providers: the token the provider's card fields handed the checkout. */
  cardToken?: string;
  /** Providers paid through their own browser components: what the component collected. */
  componentData?: ComponentData;
  /**
   * The order renews: ask the provider to keep the payment method for merchant-initiated
   * charges (a card on file, a mandate), answered as `savedMethod`.
   */
  reusable?: boolean;
}

/** A merchant-initiated charge of a payment method kept at the first payment (a renewal). */
export interface SavedMethodCharge extends PaymentRef {
  provider: ProviderSpec;
  /** The provider's reference of the method (`savedMethod` of the first payment). */
  method: string;
  amountMinor: number;
  currency: Currency;
}

/** What we keep of a card the provider charged: never its number or security code. */
/** A card kept on file: the provider's saved method and the card as the customer knows it. */
export interface SavedCard {
  method: string;
  card: CardSummary;
}

/** The provider's step before it keeps a card (its component's action). */
export interface CardStep {
  providerAction: Record<string, unknown>;
}

export interface CardSummary {
  brand: string | null;
  last4: string;
  expiry: string;
}

export interface StartedPayment {
  /** What the browser does next. */
  action: PaymentAction;
  card?: CardSummary;
  /** What the provider answered at once, in our words; undefined while it has not answered. */
  status?: OrderStatus | undefined;
  /** Asked with `reusable`: the provider's reference of the method, for later charges. */
  savedMethod?: string | undefined;
}

/** A provider's word on a payment, checked and read by its adapter. */
export interface ProviderNotification {
  /** The provider's id of the event: a notification is applied once per event id. */
  eventId: string;
  paymentId: string;
  status: OrderStatus;
  /** When the provider signed it, where its signature says: the notification's lag is measured. */
  signedAt?: Date;
}

/** A notification as it reached /api/callback/: the signature covers the raw bytes. */
export interface IncomingNotification {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: string;
  receivedAt: Date;
}

/**
 * What a provider may ask of the checkout, as a real provider would through its dashboard and
 * our public endpoints: the facts of a payment it serves, and its word on one given in its own
 * page (the shopper approved or canceled there), which moves the order at once.
 */
export interface PaymentDesk {
  findPayment(paymentId: string): Promise<PaymentFacts | undefined>;
  report(payment: PaymentRef, status: OrderStatus): Promise<void>;
  /** The method the provider kept for renewals, told after the payment's answer had none. */
  keepSavedMethod(paymentId: string, method: string): Promise<void>;
  /**
   * A dispute the provider reported (a chargeback, a refund that failed), decided by the
   * provider's adapter: written down in our words (payment_disputes), operators are told, and
   * `endSubscriptions` ends the order's subscriptions so no renewal charges a disputed method.
   * Reported again (an event applied twice), it does nothing more.
   */
  reportDispute(dispute: DisputeReport): Promise<void>;
}

export interface DisputeReport extends PaymentRef {
  eventCode: string;
  /** The provider's reference of the dispute event. */
  reference: string;
  reason: string | undefined;
  amountMinor: number;
  currency: string;
  decision: string;
  endSubscriptions: boolean;
  /** The buyer's money went back (or is held) through the provider: a chargeback to count. */
  chargeback: boolean;
}

/** One event of a provider's notification, as the inbox records it before anything is applied. */
export interface InboxEvent {
  /** The provider's own id of the event: a repeated delivery is recorded and applied once. */
  id: string;
  /** What `apply` needs of it, as plain JSON (it is stored, and read back by a job). */
  event: unknown;
}

/**
 * A provider's notifications at an address of their own, `/api/callback/<provider>/`
 * (docs/decisions/008-notification-inbox.md). The request is checked and its events recorded at
 * once, and the provider answered `acknowledgement`; a job applies each recorded event later, so
 * the provider's retry policy never waits on our orders.
 */
export interface NotificationChannel {
  /** The address's last segment, e.g. `adyen`. */
  provider: string;
  acknowledgement: string;
  /**
   * Checks the request as the provider documents it (credentials, signatures, account,
   * environment, shape) and reads its events; refuses the whole request with a 4xx `AppError`.
   * It reads no table: the answer must not wait on our database.
   */
  verify: (notification: IncomingNotification) => Promise<readonly InboxEvent[] | AppError>;
  /**
   * Applies one recorded event (in a job, maybe more than once after a crash: idempotent): the
   * provider's own records and reports through the desk, and the order move it means, in our
   * words, or nothing for an event that moves no order.
   */
  apply: (event: unknown) => Promise<ProviderNotification | undefined>;
}

export interface PaymentFacts extends PaymentRef {
  provider: ProviderSpec;
  amountMinor: number;
  currency: Currency;
  /** The order's status now: a provider's page acts only while it is new. */
  orderStatus: OrderStatus;
  /** The last four digits of the card charged, when one was. */
  cardLast4: string | null;
}

/** A payment already started with the provider. */
export interface PaymentRef {
  paymentId: string;
  orderId: string;
}

/** A payment to refund; `refundId` names one refund among several of the same payment. */
export interface RefundRef extends PaymentRef {
  refundId?: string | undefined;
}

export interface PaymentAdapter {
  /** Starts a payment; never moves the order (the caller applies `status`). */
  createPayment(payment: NewPayment): Promise<StartedPayment>;
  /**
   * Checks a notification's signature and reads it into our words. Undefined when it is not this
   * provider's (none of its signature headers); an AppError (4xx) when it is forged, stale,
   * malformed or names a status or payment the provider does not know.
   */
  verifyNotification: (
    notification: IncomingNotification,
  ) => Promise<ProviderNotification | AppError | undefined>;
  /**
   * Token-exchange providers: exchange the bank-link widget's public token and charge the
   * linked account. Undefined when the token is forged, expired or another payment's.
   */
  exchangeToken?: (
    payment: PaymentRef,
    publicToken: string,
  ) => Promise<{ action: PaymentAction; status: OrderStatus } | undefined>;
  /**
   * Void a payment the provider has not answered (the shopper closed its dialog, a new attempt
   * replaced it, or it expired). Only the provider acts; the caller then cancels the order.
   */
  cancelPayment: (payment: PaymentRef) => Promise<void>;
  /**
   * Refunds the whole capture of a payment whose order may not keep it (another order paid the
   * cart), or `amountMinor` of it (staff's partial refund, or what partial refunds left). Called
   * again after a failure, so the provider must refund once however often it is asked: its
   * idempotency key is the payment id, or `refundId` when given (each partial refund has its
   * own). Resolves once the provider accepted the refund; throws when it did not.
   */
  refundPayment: (payment: RefundRef, amountMinor?: number) => Promise<void>;
  /**
   * Asks the provider for the payment's status (in our words) when its notification is overdue;
   * undefined when it has nothing newer to say.
   */
  refreshStatus: (payment: PaymentRef) => Promise<OrderStatus | undefined>;
  /**
   * Card providers: the card the provider charged for a payment, as it reports it; asked when
   * the answer that carried it was lost (the process died before storing it).
   */
  cardOf?: (payment: PaymentRef) => Promise<CardSummary | undefined>;
  /**
   * Charges a saved payment method with no shopper present (a renewal). The provider charges a
   * payment id once however often it is asked; answers our status for its word (paid, error).
   */
  chargeSavedMethod?: (charge: SavedMethodCharge) => Promise<OrderStatus>;
  /** Many such charges in one call (a renewal batch); answers each one's status, in order. */
  chargeSavedMethods?: (charges: readonly SavedMethodCharge[]) => Promise<OrderStatus[]>;
  /**
   * Turns an unspent card-fields token into a saved method (the customer's new card for the
   * renewals); undefined when the token is unknown, spent or expired.
   */
  saveCard?: (cardToken: string) => Promise<{ method: string; card: CardSummary } | undefined>;
  /**
   * The same for providers paid through their own browser components: keeps the card their
   * data carries for the subscription's shopper (the first order's id), without charging it;
   * or answers the step the issuer asks for first (a 3-D Secure challenge), which the component
   * runs and finishComponentCard completes; undefined when the provider refused it.
   */
  saveComponentCard?: (
    data: ComponentData,
    shopper: { shopperReference: string; currency: Currency },
  ) => Promise<SavedCard | CardStep | undefined>;
  /** Keeps the card once its step is passed, if the step was this shopper's; else undefined. */
  finishComponentCard?: (
    details: { threeDSResult: string },
    shopper: { shopperReference: string },
  ) => Promise<SavedCard | CardStep | undefined>;
  /**
   * Providers paid through their own browser components (no card token): refuses, with a 4xx,
   * payment data that cannot pay `provider`, before any order is placed.
   */
  checkPaymentData?: (provider: ProviderSpec, data: ComponentData | undefined) => void;
  /**
   * The provider ids it offers for an order, as the provider itself says (its method listing),
   * each with what its browser component starts with (a wallet's merchant configuration);
   * without it, every configured provider of the catalogue is offered.
   */
  offers?: (order: {
    country: string;
    currency: Currency;
    amountMinor: number;
  }) => Promise<ReadonlyMap<string, ProviderConfiguration | undefined>>;
  /** Finishes a redirect or 3-D Secure step with what the provider handed the checkout. */
  submitDetails?: (
    payment: PaymentRef,
    details: PaymentDetailsRequest['details'],
  ) => Promise<{ action: PaymentAction; status: OrderStatus | undefined }>;
  /** Notifications at an address naming the provider (its own batches and acknowledgement). */
  notifications?: NotificationChannel;
  /** Card providers: the page of the provider's card fields, which the checkout frames. */
  cardFieldsUrl?: string;
  /**
   * Card providers: the provider's keyed hash of the card behind an unspent token (the same card
   * always gives the same value; the number never leaves the provider). Undefined when unknown.
   */
  cardFingerprint?: (cardToken: string) => Promise<string | undefined>;
}
