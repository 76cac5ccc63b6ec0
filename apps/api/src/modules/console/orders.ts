/**
 * The console's orders: search, detail with its timeline, and the actions (refund in full or
 * in part, resend the receipt, cancel a pending order), each written to the audit log. The
 * work is done by the owning modules (payments, billing, orders); this file composes and audits.
 */
import {
  AppError,
  ERROR_CODES,
  maskEmail,
  mayDo,
  type ConsoleOrderDetail,
  type ConsoleOrderRow,
  type ConsoleTimelineEntry,
  type OrderExport,
  type OrderSearch,
  ORDER_EXPORT_MAX_ROWS,
} from '@checkout/core/contract';
import type { Attribution } from '@checkout/core';
import type { Database } from '../../db/client';
import { attributionOf, variantsOf } from '../analytics/store';
import { creditRefundPart } from '../billing/refund-notes';
import { planFactsFrom } from '../billing/issue';
import { mailsOf, resendReceipt } from '../billing/resend';
import type { OutboxDeps } from '../billing/send-due';
import { orderMoves } from '../orders/order-moves';
import { refundWindowEnd } from '../orders/refund-window';
import { paymentOf } from '../payments/order-payment';
import { cursorOf, paymentHistory, searchOrders, type FoundOrder } from '../payments/order-search';
import { voidUnanswered, type OutcomeDeps } from '../payments/outcome';
import { refundedSoFar } from '../payments/refund-ledger';
import { refundByStaff } from '../payments/staff-refunds';
import { audit } from './audit';
import type { StaffMember } from './staff';

export interface ConsoleOrderDeps extends OutcomeDeps {
  outbox: OutboxDeps;
}

/** Who acts, and from where (the audit log's address). */
export interface Actor {
  member: StaffMember;
  address: string;
}

const noSuchOrder = () => new AppError(ERROR_CODES.notFound, 'There is no such order.');

function row(order: FoundOrder): ConsoleOrderRow {
  return {
    id: order.id,
    status: order.status,
    emailMasked: maskEmail(order.email),
    country: order.country,
    currency: order.currency,
    totalMinor: order.totalMinor,
    provider: order.provider,
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * The orders an export's filters find, newest first, at most ORDER_EXPORT_MAX_ROWS, as the list
 * shows them (addresses masked); the export itself is audited with its filters and its size.
 */
export async function exportOrders(db: Database, actor: Actor, filters: OrderExport) {
  const found = (await searchOrders(db, { ...filters, limit: ORDER_EXPORT_MAX_ROWS })).map(row);
  await audit(db, actor.member, actor.address, {
    action: 'orders.export',
    subject: 'orders',
    after: { filters, rows: found.length },
  });
  return found;
}

export async function findOrders(db: Database, query: OrderSearch) {
  const found = await searchOrders(db, query);
  const last = found.at(-1);
  return {
    orders: found.map(row),
    next: last && found.length === query.limit ? cursorOf(last) : null,
  };
}

async function foundOrder(db: Database, orderId: string): Promise<FoundOrder> {
  const [order] = await searchOrders(db, { orderId, limit: 1 });
  if (!order) throw noSuchOrder();
  return order;
}

const visit = (a: Attribution) => [a.source, a.medium, a.campaign].map((f) => f || '–').join(' / ');

/** "source / medium / campaign", and the first visit's when it differs. */
function cameFrom({ current, first }: { current: Attribution | null; first: Attribution | null }) {
  const now = current ? visit(current) : undefined;
  const then = first ? visit(first) : undefined;
  if (!now) return `(first visit: ${then ?? '–'})`;
  return then && then !== now ? `${now} (first visit: ${then})` : now;
}

export async function orderDetail(db: Database, orderId: string): Promise<ConsoleOrderDetail> {
  const order = await foundOrder(db, orderId);
  const [moves, history, mails, ledger, attribution, exposures] = await Promise.all([
    orderMoves(db, orderId),
    paymentHistory(db, orderId),
    mailsOf(db, orderId),
    refundedSoFar(db, orderId),
    attributionOf(db, orderId),
    variantsOf(db, orderId),
  ]);
  const timeline: ConsoleTimelineEntry[] = [
    ...moves.map((m) => ({
      at: m.at,
      kind: 'status' as const,
      text: `${m.from} → ${m.to} (${m.source})`,
    })),
    ...history.notifications.map((n) => ({
      at: n.at,
      kind: 'notification' as const,
      text: n.status,
    })),
    ...mails.map((m) => ({
      at: m.sentAt ?? m.queuedAt,
      kind: 'mail' as const,
      text: `${m.kind}${m.sentAt ? ' sent' : ' queued'}`,
    })),
    ...history.refunds.map((r) => ({
      at: r.at,
      kind: 'refund' as const,
      text: `${r.whole ? 'rest' : 'part'} ${r.amountMinor} ${order.currency}`,
    })),
    ...history.disputes.map((d) => ({
      at: d.at,
      kind: 'dispute' as const,
      text: `${d.eventCode} ${d.amountMinor} ${d.currency}`,
    })),
    ...(attribution
      ? [{ at: attribution.at, kind: 'attribution' as const, text: cameFrom(attribution) }]
      : []),
    ...(exposures
      ? [
          {
            at: exposures.at,
            kind: 'experiments' as const,
            text: exposures.variants.map((v) => `${v.experiment}: ${v.variant}`).join(', '),
          },
        ]
      : []),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((entry) => ({ ...entry, at: entry.at.toISOString() }));
  const refundedMinor = order.status === 'refunded' ? order.totalMinor : ledger.partsMinor;
  return { ...row(order), paymentId: order.paymentId, refundedMinor, timeline };
}

/** Support refunds the whole order within its money-back window; finance and admin any refund. */
async function checkRefundRights(
  deps: ConsoleOrderDeps,
  member: StaffMember,
  orderId: string,
  partial: boolean,
) {
  if (mayDo(member.role, 'orders.refund_any')) return;
  if (partial) throw new AppError(ERROR_CODES.forbidden, 'Your role may refund whole orders only.');
  const until = await refundWindowEnd(deps.db, deps.catalog, orderId);
  if (!until) throw noSuchOrder();
  if (new Date() > until) {
    throw new AppError(
      ERROR_CODES.refundWindowClosed,
      'The money-back window of this order has closed; finance may still refund it.',
    );
  }
}

export async function refundFromConsole(
  deps: ConsoleOrderDeps,
  actor: Actor,
  orderId: string,
  request: { amountMinor?: number | undefined; requestId: string },
): Promise<ConsoleOrderDetail> {
  const before = await orderDetail(deps.db, orderId);
  const { totalMinor } = before;
  const partial =
    request.amountMinor !== undefined && request.amountMinor < totalMinor - before.refundedMinor;
  await checkRefundRights(deps, actor.member, orderId, partial);
  const done = await refundByStaff(deps, { orderId, ...request });
  // The rest's credit note comes with the move to refunded; a part's is issued here.
  if (!done.whole) {
    await creditRefundPart(deps.outbox, deps.catalog, orderId, {
      id: request.requestId,
      amountMinor: done.amountMinor,
    });
  }
  const after = await orderDetail(deps.db, orderId);
  await audit(deps.db, actor.member, actor.address, {
    action: done.whole ? 'order.refund' : 'order.refund_part',
    subject: `order:${orderId}`,
    before: { status: before.status, refundedMinor: before.refundedMinor },
    after: {
      status: after.status,
      refundedMinor: after.refundedMinor,
      amountMinor: done.amountMinor,
    },
  });
  return after;
}

export async function resendFromConsole(deps: ConsoleOrderDeps, actor: Actor, orderId: string) {
  await foundOrder(deps.db, orderId);
  if (!(await resendReceipt(deps.outbox, planFactsFrom(deps.catalog), orderId))) {
    throw new AppError(
      ERROR_CODES.conflict,
      'This order has no receipt to send: it was never paid.',
    );
  }
  await audit(deps.db, actor.member, actor.address, {
    action: 'order.resend_receipt',
    subject: `order:${orderId}`,
  });
  return orderDetail(deps.db, orderId);
}

/** Voids the payment of an order still waiting for its provider (new or pending). */
export async function cancelFromConsole(deps: ConsoleOrderDeps, actor: Actor, orderId: string) {
  const before = await foundOrder(deps.db, orderId);
  if (before.status !== 'new' && before.status !== 'pending') {
    throw new AppError(
      ERROR_CODES.conflict,
      'Only an order still waiting for its payment can be canceled.',
    );
  }
  const payment = await paymentOf(deps.db, orderId);
  const adapter = deps.adapterFor(payment.provider);
  if (!adapter) throw new AppError(ERROR_CODES.unavailable, 'Its provider is not configured.');
  if (!(await voidUnanswered(deps, adapter, payment, 'staff'))) {
    throw new AppError(ERROR_CODES.conflict, 'The order moved meanwhile; nothing was canceled.');
  }
  await audit(deps.db, actor.member, actor.address, {
    action: 'order.cancel',
    subject: `order:${orderId}`,
    before: { status: before.status },
    after: { status: 'canceled' },
  });
  return orderDetail(deps.db, orderId);
}

/** The customer's full address: shown once, and written to the audit log. */
export async function revealEmail(db: Database, actor: Actor, orderId: string) {
  const order = await foundOrder(db, orderId);
  await audit(db, actor.member, actor.address, {
    action: 'customer.reveal_email',
    subject: `order:${orderId}`,
  });
  return { email: order.email };
}
