/** The one error type of the system: a machine-readable code, an HTTP status, a message. */
import { BACKEND_CODES } from './backend-codes';

export const ERROR_CODES = {
  validation: 'validation_failed',
  notFound: 'not_found',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
  lastAdmin: 'last_admin',
  unknownPackage: 'package_not_found',
  unsupportedCurrency: 'currency_not_supported',
  crossSellNotAvailable: 'cross_sell_not_available',
  uriTooLong: 'uri_too_long',
  internal: 'internal_error',
  /** The database cannot be reached right now (restart, failover): retrying soon succeeds. */
  unavailable: 'service_unavailable',
  unauthenticated: 'unauthenticated',
  invalidCredentials: 'invalid_credentials',
  invalidCode: 'invalid_code',
  /** A passkey's registration that does not verify (origin, challenge, signature, format). */
  passkeyRejected: 'passkey_rejected',
  loginFailed: 'login_failed',
  interactionExpired: 'interaction_expired',
  /** No payment provider is configured for this method (production without the sandbox). */
  providerUnavailable: 'payment_provider_unavailable',
  /** A state-changing call from another site (Origin or Sec-Fetch-Site): refused as CSRF. */
  crossSiteRequest: 'cross_site_request',
  /** A state-changing call whose body is not JSON (forms and text/plain can be cross-site). */
  unsupportedMediaType: 'unsupported_media_type',
  /** Too many attempts for this cart, browser, e-mail or card: solve the challenge first. */
  challengeRequired: 'challenge_required',
  /** The challenge solution is wrong, expired or already used. */
  challengeFailed: 'challenge_failed',
  /** Card testing suspected: this cart takes no card payment for an hour. */
  cardPaymentsPaused: 'card_payments_paused',
  /** A body over the api's size limit. */
  payloadTooLarge: 'payload_too_large',
  /** A provider notification whose signature is missing, wrong or too old. */
  invalidSignature: 'invalid_signature',
  /** A signed provider notification with a status word its provider does not use. */
  unknownProviderStatus: 'provider_status_unknown',
  /** Text with U+0000 or an unpaired surrogate, in the URL or the body: it cannot be stored. */
  invalidCharacters: 'invalid_characters',
  /** A customer's refund asked after the product's money-back window closed (issue 20). */
  refundWindowClosed: 'refund_window_closed',
  /** A refund of an order that was never paid (new, pending, failed, canceled). */
  orderNotRefundable: 'order_not_refundable',
  /** A change to a subscription that has ended (canceled or expired): a new purchase is needed. */
  subscriptionEnded: 'subscription_ended',
  /** An upgrade quote for a plan that is no upgrade (another product, shorter, not dearer). */
  notAnUpgrade: 'not_an_upgrade',
  /** A logged-in staff member whose role may not do this (the console, issue 33). */
  forbidden: 'forbidden',
  /** A refund larger than what is left of the order's payment. */
  refundExceedsRemaining: 'refund_exceeds_remaining',
  /** A refund whose request id was already used: the same refund sent twice. */
  refundRepeated: 'refund_repeated',
} as const;

export type ErrorCode =
  | (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
  | (typeof BACKEND_CODES)[keyof typeof BACKEND_CODES];

export interface ErrorIssue {
  path: string;
  message: string;
}

/**
 * The HTTP status of each code: the one place a refusal's status is decided (the api's error
 * handler answers with it), so a code always means the same status to a client.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  [ERROR_CODES.validation]: 400,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.rateLimited]: 429,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.lastAdmin]: 409,
  [ERROR_CODES.unknownPackage]: 404,
  [ERROR_CODES.unsupportedCurrency]: 400,
  [ERROR_CODES.crossSellNotAvailable]: 404,
  [ERROR_CODES.uriTooLong]: 414,
  [ERROR_CODES.internal]: 500,
  [ERROR_CODES.unavailable]: 503,
  [ERROR_CODES.unauthenticated]: 401,
  [ERROR_CODES.invalidCredentials]: 401,
  [ERROR_CODES.invalidCode]: 400,
  [ERROR_CODES.passkeyRejected]: 400,
  [ERROR_CODES.loginFailed]: 401,
  [ERROR_CODES.interactionExpired]: 410,
  [ERROR_CODES.providerUnavailable]: 409,
  [ERROR_CODES.crossSiteRequest]: 403,
  [ERROR_CODES.unsupportedMediaType]: 415,
  [ERROR_CODES.challengeRequired]: 403,
  [ERROR_CODES.challengeFailed]: 403,
  [ERROR_CODES.cardPaymentsPaused]: 429,
  [ERROR_CODES.payloadTooLarge]: 413,
  [ERROR_CODES.invalidCharacters]: 400,
  [ERROR_CODES.invalidSignature]: 401,
  [ERROR_CODES.unknownProviderStatus]: 422,
  [ERROR_CODES.refundWindowClosed]: 409,
  [ERROR_CODES.orderNotRefundable]: 409,
  [ERROR_CODES.subscriptionEnded]: 409,
  [ERROR_CODES.notAnUpgrade]: 409,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.refundExceedsRemaining]: 409,
  [ERROR_CODES.refundRepeated]: 409,
  [BACKEND_CODES.invalidEmail]: 400,
  [BACKEND_CODES.couponNotAvailable]: 400,
  [BACKEND_CODES.cartModificationForbidden]: 409,
  [BACKEND_CODES.blacklistedEmailDomain]: 400,
};

/**
 * Every refusal's body on the wire: a code a client chooses its words by, the message for
 * people, and a reason or the invalid fields where they help. Never a stack.
 */
export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; reason?: string; issues?: readonly ErrorIssue[] };
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues: readonly ErrorIssue[] = [],
    /** Why, as a word a client chooses its message by (a coupon's refusal: COUPON_REFUSALS). */
    readonly reason?: string,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  toJSON(): ErrorEnvelope {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.reason === undefined ? {} : { reason: this.reason }),
        ...(this.issues.length > 0 ? { issues: this.issues } : {}),
      },
    };
  }
}

/** Shown for anything we did not anticipate; details stay in the server log. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Try again.';
