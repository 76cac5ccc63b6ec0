/**
 * The charging half of a renewal job, a claimed batch at a time: every due subscription's saved
 * method is charged in one batch (payments/renewal-payments.ts), then each moves one period on
 * when it paid, or into dunning when it was declined (past_due, a retry on the schedule and an
 * e-mail), all moves in one statement. A charge still pending keeps its claim: when the claim
 * runs out the same attempt is asked again, and the provider answers it without charging twice.
 */
import { afterFailedRenewal, termEnd } from '@checkout/core';
import type { OutcomeDeps } from '../payments/outcome';
import { chargeRenewals, savedMethodsOf } from '../payments/renewal-payments';
import { orderSnapshots, renewalSnapshot } from '../orders/new-orders';
import { applyRenewalMoves, type RenewalMove } from '../subscriptions/moves';
import { releaseClaims, type DueRow } from '../subscriptions/renewal-state';
import { scheduleOf } from '../subscriptions/terms';
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

/** The claimed row's terms; rows older than migration 0014 count as yearly. */
function scheduleOfDue(row: DueRow) {
  return scheduleOf(
    {
      anchorAt: new Date(row.anchor_at),
      periodInterval: row.period_interval,
      periodUnit: row.period_unit,
      extraPeriodInterval: row.extra_period_interval,
      extraPeriodUnit: row.extra_period_unit,
      renewalPeriodInterval: row.renewal_period_interval,
      renewalPeriodUnit: row.renewal_period_unit,
    },
    { interval: 1, unit: 'Year' },
  );
}

function renewedMove(row: DueRow, orderId: string): RenewalMove {
  const recovered = row.status === 'past_due';
  return {
    id: row.id,
    status: row.status,
    cycle: row.cycle,
    to: recovered ? 'active' : undefined,
    event: recovered ? 'recovered' : 'renewed',
    actor: 'renewal',
    detail: { orderId, cycle: row.cycle + 1 },
    nextChargeAt: termEnd(scheduleOfDue(row), row.cycle + 1),
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
  const firstOrders = await orderSnapshots(
    deps.db,
    rows.map((row) => row.order_id),
  );
  const plans = deps.catalog.snapshot().plans;
  const charged = await chargeRenewals(
    deps,
    rows.map((row) => {
      const first = firstOrders.get(row.order_id);
      // subscriptions.order_id references orders: the first order is always there.
      if (!first) throw new Error(`subscription ${row.id}: no first order`);
      const amountMinor = row.next_charge_minor;
      const plan = row.renewal_plan ?? row.plan;
      // A plan gone from the catalog: the first order's line for it says what it was.
      const known = plans.get(plan) ?? first.lines.find((l) => l.plan === row.plan);
      if (!known) throw new Error(`subscription ${row.id}: renewal plan ${plan} unknown`);
      const line = { plan, tier: known.tier, period: known.period };
      return {
        subscriptionId: row.id,
        cycle: row.cycle,
        attempt: row.failed_attempts + 1,
        firstOrderId: row.order_id,
        amountMinor,
        snapshot: renewalSnapshot(first, line, amountMinor),
        currency: row.currency,
        method: own(row) ?? firstMethods.get(row.order_id),
      };
    }),
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
