/** What the payment steps need: the cart's, the providers' adapters, the card guard, the lease. */
import type { FastifyRequest } from 'fastify';
import type { ProviderSpec } from '@checkout/core';
import type { CardGuard } from '../card-testing/card-guard';
import type { CartDeps } from '../carts/service';
import type { PaymentAdapter } from './providers/adapter';

export interface PaymentDeps extends CartDeps {
  /** The provider's adapter; undefined when none is configured (production, sandbox off). */
  adapterFor: (provider: ProviderSpec) => PaymentAdapter | undefined;
  /** The card-testing defence; card payments go through it. */
  cardGuard?: CardGuard;
  /** How long a start's claim on its Idempotency-Key is trusted (PAYMENT_START_LEASE_MS). */
  startLeaseMs: number;
  /** Tests only: faults injected into a payment start. */
  faults?: PaymentFaults | undefined;
  /** Keeps the buyer's marketing attribution on the order its payment started (analytics). */
  attributeOrder?: (orderId: string, request: FastifyRequest) => Promise<void>;
}

/** What a request says beyond its body: a challenge solution, and where it came from. */
export interface AttemptContext {
  solution: string | undefined;
  remoteIp: string;
}

/**
 * Test hooks that stand for a crash at a given point of a payment start; buildApp's caller
 * passes them, so no configuration a deployment could set reaches them.
 */
export interface PaymentFaults {
  /** After the provider answered, before its answer is stored: throw, or end the process. */
  afterCharge?: (payment: { paymentId: string; orderId: string }) => void | Promise<void>;
  /** A notification verified and its order found, before it moves the order: throw as the crash. */
  beforeNotificationApplied?: (notification: { eventId: string; orderId: string }) => void;
  /** A refund of a part accepted by its provider and recorded, before anything else: throw. */
  afterRefundAccepted?: (refund: { requestId: string; orderId: string }) => void;
}
