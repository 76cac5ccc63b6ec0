/**
 * Starting a payment: claims the Idempotency-Key, locks the cart, records the order (status
 * new) and asks the provider's adapter what the shopper does next. The same key with the same
 * body replays the first answer; with another body it is refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  BACKEND_CODES,
  ERROR_CODES,
  findProvider,
  idempotencyKeySchema,
  paymentRequestSchema,
  providersFor,
  takesCardFields,
  type PaymentAction,
  type ProviderSpec,
} from '@checkout/core';
import type { Database } from '../../db/client';
import { carts } from '../carts/tables';
import { viewCart, type CartDeps } from '../carts/service';
import { findCart } from '../carts/store';
import { orders } from '../orders/tables';
import type { PaymentAdapter } from './providers/adapter';
import { payments } from './tables';

export interface PaymentDeps extends CartDeps {
  adapterFor: (provider: ProviderSpec) => PaymentAdapter;
}

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);

function hashOf(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

async function replay(db: Database, key: string, hash: string): Promise<PaymentAction | undefined> {
  const [existing] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (!existing) return undefined;
  if (existing.requestHash !== hash)
    throw conflict('This Idempotency-Key was used for another request.');
  if (!existing.answer)
    throw conflict('A payment with this Idempotency-Key is still being started.');
  return existing.answer as PaymentAction;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function startPayment(
  deps: PaymentDeps,
  rawKey: unknown,
  body: unknown,
): Promise<PaymentAction> {
  const key = idempotencyKeySchema.parse(rawKey);
  const request = paymentRequestSchema.parse(body);
  const hash = hashOf(request);
  const replayed = await replay(deps.db, key, hash);
  if (replayed) return replayed;

  const row = await findCart(deps.db, request.cartId);
  if (!row) throw new AppError(ERROR_CODES.notFound, 404, 'There is no such cart.');
  if (row.status !== 'open') {
    throw new AppError(
      BACKEND_CODES.cartModificationForbidden,
      409,
      'This cart is already being paid.',
    );
  }
  if (!row.email)
    throw new AppError(ERROR_CODES.validation, 400, 'Email cannot be empty', [
      { path: 'email', message: 'cannot-be-empty' },
    ]);
  const cart = viewCart(deps, row);
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
      400,
      `${request.provider} is not offered for this order.`,
      [{ path: 'provider', message: 'not offered' }],
    );
  }

  // A card-fields provider is paid with the token its fields handed over, and only it is.
  const needsToken = takesCardFields(provider);
  if (needsToken !== (request.cardToken !== undefined)) {
    throw new AppError(
      ERROR_CODES.validation,
      400,
      needsToken ? 'Enter the card details first.' : 'A card token is only for card payments.',
      [{ path: 'cardToken', message: needsToken ? 'cannot-be-empty' : 'invalid' }],
    );
  }

  const orderId = randomUUID();
  const paymentId = randomUUID();
  try {
    await deps.db.transaction(async (tx) => {
      // Claim the key first: a concurrent repeat waits here and is answered as a replay.
      await tx.insert(orders).values({
        id: orderId,
        cartId: row.id,
        status: 'new',
        email: row.email ?? '',
        currency: cart.currency,
        country: cart.country,
        totalMinor: cart.totalMinor,
        taxMinor: cart.tax.taxMinor,
        snapshot: cart,
      });
      await tx.insert(payments).values({
        id: paymentId,
        orderId,
        provider: provider.id,
        idempotencyKey: key,
        requestHash: hash,
      });
      // Then the cart: another payment for it (with another key) is refused.
      const locked = await tx
        .update(carts)
        .set({ status: 'payment_started', updatedAt: new Date() })
        .where(and(eq(carts.id, row.id), eq(carts.status, 'open')))
        .returning({ id: carts.id });
      if (locked.length === 0) {
        throw new AppError(
          BACKEND_CODES.cartModificationForbidden,
          409,
          'This cart is already being paid.',
        );
      }
    });
  } catch (error) {
    // A concurrent request with the same key won the race: answer as it did.
    if (isUniqueViolation(error)) {
      const again = await replay(deps.db, key, hash);
      if (again) return again;
    }
    throw error;
  }
  const { action, card } = await deps.adapterFor(provider).createPayment({
    paymentId,
    orderId,
    provider,
    amountMinor: cart.totalMinor,
    currency: cart.currency,
    returnPath: request.returnPath,
    cardToken: request.cardToken,
  });
  await deps.db
    .update(payments)
    .set({
      answer: action,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpiry: card?.expiry ?? null,
    })
    .where(eq(payments.id, paymentId));
  return action;
}
