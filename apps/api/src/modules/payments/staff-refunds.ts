/**
 * Refunds staff ask for in the console (issue 33): what is left of a paid order, or a part of
 * it, through the provider's adapter. Each carries a request id chosen once by the screen: the
 * same refund sent twice is refused, as is one larger than what is left, and neither writes
 * anything. Refunding what is left moves the order paid → refund_due → refunded like a customer's
 * refund (its subscriptions end, billing mails the credit note); a part leaves it paid, and is
 * marked accepted once its provider took it (billing credits it then).
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import { paymentOf } from './order-payment';
import type { PaymentFaults } from './deps';
import { moveOrder, refundOrder, type OutcomeDeps } from './outcome';
import { refundedSoFar } from './refund-ledger';
import { paymentRefunds } from './tables';

export interface StaffRefund {
  orderId: string;
  /** Without it: everything not yet refunded. */
  amountMinor?: number | undefined;
  requestId: string;
}

const repeated = () =>
  new AppError(ERROR_CODES.refundRepeated, 'This refund was already sent; it was not repeated.');

/**
 * Checks the request against the order under its row lock and records it; answers whether it
 * refunds the whole rest. Two refunds of one order queue on the lock, so both cannot pass.
 */
async function claimRefund(
  db: Database,
  refund: StaffRefund,
): Promise<{ whole: boolean; amountMinor: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from ${orders} where ${orders.id} = ${refund.orderId} for update`,
    );
    const [seen] = await tx
      .select({ id: paymentRefunds.requestId })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.requestId, refund.requestId));
    if (seen) throw repeated();
    const { status, totalMinor, partsMinor } = await refundedSoFar(tx, refund.orderId);
    if (status !== 'paid') {
      throw new AppError(
        ERROR_CODES.orderNotRefundable,
        'This order is not paid; nothing is left to refund.',
      );
    }
    const left = totalMinor - partsMinor;
    const amountMinor = refund.amountMinor ?? left;
    if (amountMinor > left) {
      throw new AppError(
        ERROR_CODES.refundExceedsRemaining,
        `Only ${left} (minor units) of this order is left to refund.`,
      );
    }
    const whole = amountMinor === left;
    await tx.insert(paymentRefunds).values({
      requestId: refund.requestId,
      orderId: refund.orderId,
      amountMinor,
      whole,
    });
    return { whole, amountMinor };
  });
}

async function unclaim(db: Database, refund: StaffRefund): Promise<void> {
  await db
    .delete(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.requestId, refund.requestId),
        eq(paymentRefunds.orderId, refund.orderId),
      ),
    );
}

const notAccepted = () =>
  new AppError(ERROR_CODES.unavailable, 'The provider did not accept the refund; nothing changed.');

/** Refunds through the provider; answers what was given back. */
export async function refundByStaff(
  deps: OutcomeDeps & { faults?: PaymentFaults | undefined },
  refund: StaffRefund,
): Promise<{ amountMinor: number; whole: boolean }> {
  const payment = await paymentOf(deps.db, refund.orderId);
  const adapter = deps.adapterFor(payment.provider);
  if (!adapter) throw notAccepted();
  const claimed = await claimRefund(deps.db, refund);
  if (!claimed.whole) {
    try {
      await adapter.refundPayment({ ...payment, refundId: refund.requestId }, claimed.amountMinor);
    } catch {
      await unclaim(deps.db, refund);
      throw notAccepted();
    }
    // From here billing owes it a credit note, which its sweep issues if this process dies.
    await deps.db
      .update(paymentRefunds)
      .set({ acceptedAt: sql`now()` })
      .where(eq(paymentRefunds.requestId, refund.requestId));
    deps.faults?.afterRefundAccepted?.({ requestId: refund.requestId, orderId: refund.orderId });
    return claimed;
  }
  if (!(await moveOrder(deps, refund.orderId, 'refund_due', 'staff'))) {
    await unclaim(deps.db, refund);
    throw new AppError(ERROR_CODES.orderNotRefundable, 'This order is being refunded already.');
  }
  try {
    await refundOrder(deps, refund.orderId);
  } catch (error) {
    // Not accepted yet: the order stays refund_due and the payment sweep asks again.
    if (!(error instanceof AppError && error.code === ERROR_CODES.unavailable)) throw error;
  }
  return claimed;
}
