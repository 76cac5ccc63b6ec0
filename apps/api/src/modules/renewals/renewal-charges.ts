/**
 * The charging half of a renewal job, a claimed batch at a time: every due subscription's saved
 * method is charged in one batch (payments/renewal-payments.ts), then each moves one period on
 * when it paid, or into dunning when it was declined (past_due, a retry on the schedule and an
 * e-mail), all moves in one statement. A charge still pending keeps its claim: when the claim
 * runs out the same attempt is asked again, and the provider answers it without charging twice.
 */
import { afterFailedRenewal, periodEnd } from '@checkout/core';
import type { OutcomeDeps } from '../payments/outcome';
import { chargeRenewals, savedMethodsOf } from '../payments/renewal-payments';
import { applyRenewalMoves, type RenewalMove } from '../subscriptions/moves';
import { releaseClaims, type DueRow } from '../subscriptions/renewal-state';
import type { PaymentFailed, RenewalNotices } from './notices';

export interface ChargeDeps extends OutcomeDeps {
  notices: RenewalNotices;
  /** Where the customer updates the card (the web app's page, with the subscription id). */
  publicOrigin: string;
  /** Days after the first failure when a declined renewal is tried again. */
  retryDays: readonly number[];
  /** Days after the last failed retry until the subscription is canceled. */
  graceDays: number;
}

const DAY = 24 * 3600_000;

function renewedMove(row: DueRow, orderId: string): RenewalMove {
  const period = { interval: row.period_interval ?? 1, unit: row.period_unit ?? 'Year' };
  const recovered = row.status === 'past_due';
  return {
    id: row.id,
    status: row.status,
    cycle: row.cycle,
    to: recovered ? 'active' : undefined,
    event: recovered ? 'recovered' : 'renewed',
    actor: 'renewal',
    detail: { orderId, cycle: row.cycle + 1 },
    nextChargeAt: periodEnd(new Date(row.anchor_at), period, row.cycle + 1),
    nextCycle: true,
    failedAttempts: 0,
  };
}

function failedMove(deps: ChargeDeps, row: DueRow, now: Date, orderId: string | undefined) {
  const failures = row.failed_attempts + 1;
  const next = afterFailedRenewal(failures, deps.retryDays, deps.graceDays);
  const at = new Date(now.getTime() + next.inDays * DAY);
  const first = row.status === 'active';
  const move: RenewalMove = {
    id: row.id,
    status: row.status,
    cycle: row.cycle,
    // The first failure makes it past_due; later ones stay there.
    to: first ? 'past_due' : undefined,
    event: first ? 'past_due' : 'renewal_failed',
    actor: 'dunning',
    detail: { orderId, attempt: failures, [next.kind === 'retry' ? 'retryAt' : 'cancelAt']: at },
    nextChargeAt: at,
    nextCycle: false,
    failedAttempts: failures,
  };
  const notice: PaymentFailed = {
    email: row.email,
    subscriptionId: row.id,
    plan: row.plan,
    attempt: failures,
    retryAt: next.kind === 'retry' ? at : undefined,
    cancelAt: next.kind === 'cancel' ? at : undefined,
    updateCardUrl: new URL(`/dashboard/card/?subscription=${row.id}`, deps.publicOrigin).toString(),
  };
  return { move, notice };
}

/** Charges the claimed subscriptions that renew, and moves each by its answer. */
export async function chargeDue(deps: ChargeDeps, rows: readonly DueRow[], now: Date) {
  if (rows.length === 0) return;
  const own = (row: DueRow) =>
    row.method_provider && row.method
      ? { provider: row.method_provider, method: row.method }
      : undefined;
  const firstMethods = await savedMethodsOf(
    deps.db,
    rows.filter((row) => !own(row)).map((row) => row.order_id),
  );
  const charged = await chargeRenewals(
    deps,
    rows.map((row) => ({
      subscriptionId: row.id,
      cycle: row.cycle,
      attempt: row.failed_attempts + 1,
      firstOrderId: row.order_id,
      amountMinor: Number(row.next_charge_minor),
      currency: row.currency,
      method: own(row) ?? firstMethods.get(row.order_id),
    })),
  );
  const moves: RenewalMove[] = [];
  const notices: PaymentFailed[] = [];
  rows.forEach((row, i) => {
    const answer = charged[i];
    if (answer?.status === 'paid') moves.push(renewedMove(row, answer.orderId));
    // Not answered yet (pending): the claim runs out and the same attempt is asked again.
    else if (answer && answer.status !== 'error') return;
    else {
      const { move, notice } = failedMove(deps, row, now, answer?.orderId);
      moves.push(move);
      notices.push(notice);
    }
  });
  const moved = await applyRenewalMoves(deps.db, moves);
  await releaseClaims(
    deps.db,
    moves.filter(({ id }) => !moved.has(id)).map(({ id }) => id),
  );
  for (const notice of notices) {
    if (moved.has(notice.subscriptionId)) await deps.notices.paymentFailed(notice);
  }
}
