/**
 * Who may use a cart: the browser that created it (a random secret in an HttpOnly cookie; the
 * cart keeps only its HMAC under CART_SECRET, so a database leak hands out no cookie) or the
 * account of a shopper who created or used it while logged in. The cart id alone grants nothing:
 * it travels in URLs (`cart_id`), histories and referrers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_BINDING_COOKIE } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { sessionUser } from '../users/sessions';

/** What a request proves about itself. */
export interface CartCaller {
  /** The keyed hash of the browser's binding cookie, if it sent a well-formed one. */
  ownerHash: string | null;
  /** The logged-in account, if any. */
  accountId: string | null;
}

/** The part of a cart row that says whose it is. */
export interface CartOwner {
  ownerHash: string | null;
  accountId: string | null;
}

export const NO_CALLER: CartCaller = { ownerHash: null, accountId: null };

/** As long as a shopper may come back to a cart through a reload or the back button. */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const SECRET_FORMAT = /^[\w-]{43}$/;

export function mayUseCart(cart: CartOwner, caller: CartCaller): boolean {
  return (
    (cart.ownerHash !== null && cart.ownerHash === caller.ownerHash) ||
    (cart.accountId !== null && cart.accountId === caller.accountId)
  );
}

export interface CartBinding {
  callerOf(request: FastifyRequest): Promise<CartCaller>;
  /**
   * The caller of a request that creates a cart. A browser without a binding cookie gets a new
   * secret, so every cart it creates (in any tab) is bound to it; `remember` sets its cookie
   * once the cart exists, so a refused request sets nothing.
   */
  claim(
    request: FastifyRequest,
  ): Promise<{ caller: CartCaller; remember: (reply: FastifyReply) => void }>;
}

export function cartBinding(
  db: Database,
  /** CART_SECRET: keys the stored hash. */
  secret: string,
  /** The public origin is https: the cookie is Secure. */
  secure: boolean,
): CartBinding {
  const hashOf = (value: string) =>
    createHmac('sha256', secret).update(`cart-owner.${value}`).digest('base64url');
  const cookieOf = (request: FastifyRequest) => {
    const value = request.cookies[CART_BINDING_COOKIE];
    return value && SECRET_FORMAT.test(value) ? value : undefined;
  };
  const callerOf = async (request: FastifyRequest): Promise<CartCaller> => {
    const cookie = cookieOf(request);
    const user = await sessionUser(db, request);
    return { ownerHash: cookie ? hashOf(cookie) : null, accountId: user?.id ?? null };
  };
  return {
    callerOf,
    async claim(request) {
      if (cookieOf(request)) return { caller: await callerOf(request), remember: () => {} };
      const value = randomBytes(32).toString('base64url');
      const user = await sessionUser(db, request);
      return {
        caller: { ownerHash: hashOf(value), accountId: user?.id ?? null },
        remember: (reply) =>
          void reply.setCookie(CART_BINDING_COOKIE, value, {
            httpOnly: true,
            secure,
            sameSite: 'lax',
            path: '/',
            maxAge: COOKIE_MAX_AGE_SECONDS,
          }),
      };
    },
  };
}
