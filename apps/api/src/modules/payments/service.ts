/**
 * Starting a payment: locks the cart, records the order (status new) and claims the
 * Idempotency-Key in one statement, then asks the provider's adapter what the shopper does
 * next. The same key with the same body replays the first answer; with another body it is
 * refused. A new attempt cancels an earlier payment the provider never answered. The claim
 * carries a lease: a start left unanswered past it (its process died after the charge) is
 * recovered from the provider (stranded-starts.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError, BACKEND_CODES, ERROR_CODES } from '@checkout/core/contract';
import {
  findProvider,
  providersFor,
  type CartView,
  type PaymentAction,
  type PaymentRequest,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { CardAttempt } from '../card-testing/card-guard';
import type { CartCaller } from '../carts/binding';
import { couponUse, holdCouponSql, type CouponUse } from '../carts/coupon-redemptions';
import { cartView, couponUsedRefusal, ownCart } from '../carts/service';
import { moveCartSql } from '../carts/transitions';
import { placeCartOrderSql } from '../orders/new-orders';
import { rememberOrder } from '../orders/placed-orders';
import type { AttemptContext, PaymentDeps } from './deps';
import { moveOnAnswer } from './outcome';
import { checkPaymentData, requireOffered } from './payment-data';
import { requireAdapter, supersedeUnanswered } from './payment-steps';
import type { StartedPayment } from './providers/adapter';
import { recoverCartStart, recoverStart } from './stranded-starts';
import { payments } from './tables';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, message);

function hashOf(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function replay(
  deps: PaymentDeps,
  key: string,
  hash: string,
): Promise<PaymentAction | undefined> {
  const [existing] = await deps.db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.requestHash !== hash)
    throw conflict('This Idempotency-Key was used for another request.');
  if (existing.answer) return existing.answer;
  // Unanswered past its lease: the request that claimed the key died; learn from the provider.
  const recovered =
    existing.leaseUntil <= new Date() ? await recoverStart(deps, existing.id) : undefined;
  if (recovered) return recovered;
  throw conflict('A payment with this Idempotency-Key is still being started.');
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** A repeat's first answer, or the refusal of a cart that another payment holds. */
function refuseLockedCart(replayed: PaymentAction | undefined): PaymentAction {
  if (replayed) return replayed;
  throw new AppError(BACKEND_CODES.cartModificationForbidden, 'This cart is already being paid.');
}

interface NewOrder {
  orderId: string;
  paymentId: string;
  cart: CartView;
  email: string;
  provider: string;
  key: string;
  hash: string;
  leaseMs: number;
  /** A coupon once per address: held for this cart, or the order is not placed. */
  coupon: CouponUse | undefined;
}

/**
 * One statement: holds the cart's coupon once per address, takes the cart if it is still open
 * and the coupon was held, records the order (status new) and the payment that claims the
 * Idempotency-Key. 'locked' when the cart was not open, 'coupon_used' when another cart of the
 * address holds or redeemed the coupon; a used key fails the whole statement with a unique
 * violation. A concurrent repeat waits on the cart's row lock.
 */
async function placeOrder(db: Database, o: NewOrder): Promise<'placed' | 'locked' | 'coupon_used'> {
  const hold = o.coupon?.oncePerEmail ? holdCouponSql(o.coupon, o.cart.id) : undefined;
  // Read only when a hold can fail: the cart was open, so the hold failed, not the cart's lock.
  const wasOpen = hold
    ? sql`exists (select 1 from carts where id = ${o.cart.id} and status = 'open')`
    : sql`false`;
  const [row] = await queryRows<{ placed: boolean; held: boolean; open: boolean }>(
    db,
    sql`
    with held as (${hold ?? sql`select 1`}), locked as (${moveCartSql(
      o.cart.id,
      'payment_started',
      sql`exists (select 1 from held)`,
    )}), placed as (${placeCartOrderSql(o.orderId, o.email, o.cart, sql`locked`)}), claimed as (
      insert into payments (id, order_id, provider, idempotency_key, request_hash, lease_until)
      select ${o.paymentId}::uuid, id, ${o.provider}, ${o.key}, ${o.hash},
        now() + make_interval(secs => ${o.leaseMs / 1000}::double precision) from placed
    )
    select exists (select 1 from placed) as placed, exists (select 1 from held) as held,
      ${wasOpen} as open`,
  );
  if (!row?.placed) return row?.open && !row.held ? 'coupon_used' : 'locked';
  rememberOrder({ id: o.orderId, email: o.email, currency: o.cart.currency, snapshot: o.cart });
  return 'placed';
}

/**
 * The provider's answer, replayed for repeats, and what we keep of the card it charged: written in
 * the statement that moves the order on that answer (transitionOrder's `alongside`).
 */
function answerSql(paymentId: string, action: PaymentAction, started: StartedPayment): SQL {
  const { card, savedMethod } = started;
  return sql`, answered as (
      update payments set answer = ${JSON.stringify(action)}::jsonb,
        card_brand = ${card?.brand ?? null}, card_last4 = ${card?.last4 ?? null},
        card_expiry = ${card?.expiry ?? null}, saved_method = ${savedMethod ?? null}
      where id = ${paymentId}::uuid)`;
}

/** Ends a start's claim now: its provider never answered, so the next attempt recovers it. */
async function releaseClaim(db: Database, paymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ leaseUntil: sql`now()` })
    .where(eq(payments.id, paymentId));
}

export async function startPayment(
  deps: PaymentDeps,
  key: string,
  request: PaymentRequest,
  caller: CartCaller,
  context: AttemptContext = { solution: undefined, remoteIp: '' },
): Promise<PaymentAction> {
  const hash = hashOf(request);
  let row = await ownCart(deps, request.cartId, caller);
  // A cart being paid (or paid) answers a repeat of its payment. Another attempt first settles
  // a start a crash stranded (a paid one answers as its own request would have), then replaces
  // a payment the provider never answered; otherwise it is refused.
  if (row.status !== 'open') {
    const replayed = await replay(deps, key, hash);
    const recovered = replayed ? undefined : await recoverCartStart(deps, row.id);
    if (recovered?.type === 'done') return recovered;
    if (recovered) row = await ownCart(deps, request.cartId, caller);
    const reopened =
      row.status === 'open' ||
      (!replayed && row.status === 'payment_started' && (await supersedeUnanswered(deps, row.id)));
    if (!reopened) return refuseLockedCart(replayed);
  }
  const email = row.email;
  if (!email)
    throw new AppError(ERROR_CODES.validation, 'Email cannot be empty', [
      { path: 'email', message: 'cannot-be-empty' },
    ]);
  // An upgrade cart's amount is quoted again now, from the subscription, never the browser.
  const cart = await cartView(deps, row);
  const provider = findProvider(request.provider);
  const offered = ['payment', 'one_click_payment'].some((flow) =>
    providersFor(flow as 'payment', {
      country: cart.country,
      currency: cart.currency,
      amountMinor: cart.totalMinor,
    }).some((p) => p.id === request.provider),
  );
  if (!provider || !offered) {
    throw new AppError(
      ERROR_CODES.validation,
      `${request.provider} is not offered for this order.`,
      [{ path: 'provider', message: 'not offered' }],
    );
  }

  const adapter = requireAdapter(deps, provider);
  await requireOffered(adapter, provider, cart);
  checkPaymentData(adapter, provider, request);

  // Card testing: paused, or a challenge first, before the card reaches the provider.
  const cardPayment =
    request.cardToken !== undefined || (request.componentData && provider.method === 'card');
  const attempt: CardAttempt | undefined =
    deps.cardGuard && cardPayment
      ? {
          cartId: row.id,
          browser: caller.ownerHash,
          email,
          fingerprint:
            request.cardToken === undefined
              ? undefined
              : await adapter.cardFingerprint?.(request.cardToken),
          address: context.remoteIp,
        }
      : undefined;
  if (attempt) await deps.cardGuard?.admit(attempt, context.solution);

  const orderId = randomUUID();
  const paymentId = randomUUID();
  const placed = await placeOrder(deps.db, {
    orderId,
    paymentId,
    cart,
    email,
    provider: provider.id,
    key,
    hash,
    leaseMs: deps.startLeaseMs,
    coupon: cart.coupon ? couponUse(deps.catalog, cart.coupon, email) : undefined,
  }).catch(async (error: unknown) => {
    // A request with the same key got there first: answer as it did.
    if (isUniqueViolation(error)) return (await replay(deps, key, hash)) ?? 'locked';
    throw error;
  });
  if (placed === 'coupon_used' && cart.coupon) {
    throw await couponUsedRefusal(deps.db, caller, cart.coupon, email);
  }
  if (placed !== 'placed') {
    return typeof placed === 'object' ? placed : refuseLockedCart(await replay(deps, key, hash));
  }
  const started = await adapter
    .createPayment({
      paymentId,
      orderId,
      provider,
      amountMinor: cart.totalMinor,
      currency: cart.currency,
      returnPath: request.returnPath,
      cardToken: request.cardToken,
      componentData: request.componentData,
      // Every plan renews: the renewal charges what the provider keeps now (subscriptions lane).
      reusable: true,
    })
    .catch(async (error: unknown) => {
      // The provider did not answer (an outage): the next attempt recovers this start at once.
      await releaseClaim(deps.db, paymentId);
      throw error;
    });
  const { action, status } = started;
  await deps.faults?.afterCharge?.({ paymentId, orderId });
  // The provider's answer moves the order and is stored in one statement (one commit); a crash
  // before it recovers from the provider (stranded-starts.ts).
  const answer = answerSql(paymentId, action, started);
  await moveOnAnswer(deps, orderId, status, answer);
  if (attempt) {
    await deps.cardGuard?.record(attempt, action.type === 'error' && action.reason === 'declined');
  }
  return action;
}
