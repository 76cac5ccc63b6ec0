/**
 * PayPal's words, in ours: an order's approval link, its capture, the capture's status and the
 * wallet PayPal vaulted with it. A capture COMPLETED is paid; PENDING (with PayPal's reason: an
 * eCheck, a review) is pending until PayPal's webhook settles it; DECLINED or FAILED is an error.
 */
import type { OrderStatus } from '@checkout/core';

export interface PayPalCapture {
  id: string;
  status?: string;
  status_details?: { reason?: string };
  custom_id?: string;
  invoice_id?: string;
}

export interface PayPalOrder {
  id: string;
  status?: string;
  links?: { href: string; rel: string }[];
  purchase_units?: {
    custom_id?: string;
    payments?: { captures?: PayPalCapture[] };
  }[];
  payment_source?: {
    paypal?: { attributes?: { vault?: { id?: string; status?: string } } };
  };
}

const CAPTURE_STATUSES: Readonly<Record<string, OrderStatus>> = {
  COMPLETED: 'paid',
  PENDING: 'pending',
  DECLINED: 'error',
  FAILED: 'error',
};

/** Our status for a capture's status word; undefined for one that moves no order. */
export function statusOfCapture(status: string | undefined): OrderStatus | undefined {
  return status !== undefined && Object.hasOwn(CAPTURE_STATUSES, status)
    ? CAPTURE_STATUSES[status]
    : undefined;
}

/** The order's capture, once it has one. */
export function captureOf(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

/** Where the payer approves the order (PayPal's `payer-action` link, or `approve` of old). */
export function approvalLinkOf(order: PayPalOrder): string | undefined {
  const links = order.links ?? [];
  return (links.find((l) => l.rel === 'payer-action') ?? links.find((l) => l.rel === 'approve'))
    ?.href;
}

/** The wallet PayPal kept for merchant-initiated charges, when it vaulted one. */
export function vaultedWalletOf(order: PayPalOrder): string | undefined {
  const vault = order.payment_source?.paypal?.attributes?.vault;
  return vault?.status === 'VAULTED' && vault.id ? vault.id : undefined;
}
