/**
 * Trusted pass tokens: how the logged-in desktop app opens the checkout already logged in.
 *
 * Format: a compact JWS (HS256) with header typ "trusted-pass+jwt", signed with the secret the
 * app and this server share (TRUSTED_PASS_SECRET). Claims: sub (account id), aud (our issuer),
 * iat, exp (at most TTL_SECONDS after iat and after now), jti (random, single use). The identity
 * provider accepts it once, in place of the password, on the authorization request that carries
 * it.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import { trustedPassUses } from './tables';

export const TRUSTED_PASS_TYPE = 'trusted-pass+jwt';
export const TRUSTED_PASS_TTL_SECONDS = 120;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** What the desktop app does (and tests): mint a token for an account. */
export function mintTrustedPass(
  secret: string,
  audience: string,
  accountId: string,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: TRUSTED_PASS_TYPE })
    .setSubject(accountId)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${TRUSTED_PASS_TTL_SECONDS}s`)
    .setJti(randomUUID())
    .sign(keyOf(secret));
}

/** The account id of a valid, unexpired, never-used token; null otherwise. */
export async function redeemTrustedPass(
  db: Database,
  secret: string,
  audience: string,
  token: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      typ: TRUSTED_PASS_TYPE,
      audience,
      maxTokenAge: `${TRUSTED_PASS_TTL_SECONDS}s`,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    // maxTokenAge bounds iat only: a token minted with a far exp would stay a login key for
    // as long as it says (a leaked one for weeks), so its lifetime is bounded here too.
    const now = Math.floor(Date.now() / 1000);
    if (
      payload.exp! - payload.iat! > TRUSTED_PASS_TTL_SECONDS ||
      payload.exp! - now > TRUSTED_PASS_TTL_SECONDS
    ) {
      return null;
    }
    const used = await db
      .insert(trustedPassUses)
      .values({ jti: payload.jti!, expiresAt: new Date(payload.exp! * 1000) })
      .onConflictDoNothing()
      .returning({ jti: trustedPassUses.jti });
    return used.length === 1 ? payload.sub! : null;
  } catch {
    return null;
  }
}
