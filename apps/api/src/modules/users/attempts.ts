/** Started logins, waiting for their callback: single use, ten minutes at most. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sha256 } from './sessions';
import { authAttempts } from './tables';

export const ATTEMPT_COOKIE = 'auth_attempt';
export const ATTEMPT_TTL_SECONDS = 10 * 60;

export interface NewAttempt {
  state: string;
  codeVerifier: string;
  nonce: string;
  loginTarget: string;
  ownerId: string | null;
}

/** Stores the attempt; returns the browser binding that goes in the auth_attempt cookie. */
export async function saveAttempt(db: Database, attempt: NewAttempt): Promise<string> {
  const binding = randomBytes(24).toString('base64url');
  await db.insert(authAttempts).values({
    ...attempt,
    bindingHash: sha256(binding),
    expiresAt: new Date(Date.now() + ATTEMPT_TTL_SECONDS * 1000),
  });
  return binding;
}

/**
 * Takes the attempt of a state and its browser's binding (deleting it: a replayed callback
 * finds nothing). A callback from another browser, without the binding or with another one,
 * takes nothing, so it cannot spoil the login of the browser that started it.
 */
export async function takeAttempt(
  db: Database,
  state: string,
  binding: string | undefined,
): Promise<typeof authAttempts.$inferSelect | null> {
  if (!binding) return null;
  const [row] = await db
    .delete(authAttempts)
    .where(and(eq(authAttempts.state, state), eq(authAttempts.bindingHash, sha256(binding))))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}
