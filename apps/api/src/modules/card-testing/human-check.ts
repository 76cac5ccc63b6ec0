/**
 * The challenge a shopper solves when their attempts look like card testing (or like password
 * guessing on their address): a self-hosted ALTCHA proof of work by default, Cloudflare Turnstile
 * when its keys are configured. Both behind one small interface; a solution counts once.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { challengeUses } from './tables';

/** What the browser needs to show the widget. */
export type ChallengeView =
  { kind: 'altcha'; challenge: Challenge } | { kind: 'turnstile'; siteKey: string };

export interface HumanCheck {
  issue(): Promise<ChallengeView>;
  /** True once per genuine solution: a wrong, expired or replayed one is false. */
  verify(solution: string, remoteIp: string): Promise<boolean>;
}

/** Long enough to solve and press pay again; a spent solution is remembered as long. */
const CHALLENGE_TTL_MS = 10 * 60_000;

export interface AltchaOptions {
  secret: string;
  /** PBKDF2 iterations per guess. */
  cost: number;
  /** The counter the solver must reach is drawn up to this: the expected work. */
  maxCounter: number;
}

const payloadSchema = z.object({
  challenge: z.object({
    // Loose: every parameter the challenge was signed with must reach the verifier unchanged.
    parameters: z.looseObject({
      algorithm: z.string().max(32),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().min(1).max(256),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256) }),
});

/** The widget's payload: base64 of the JSON {challenge, solution}. */
function parsePayload(raw: string): z.infer<typeof payloadSchema> | undefined {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/** Records a solution as spent; false when it already was (a replay). */
async function spend(db: Database, id: string, now: Date): Promise<boolean> {
  await db.delete(challengeUses).where(lt(challengeUses.expiresAt, now));
  const rows = await db
    .insert(challengeUses)
    .values({ id, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .onConflictDoNothing()
    .returning({ id: challengeUses.id });
  return rows.length === 1;
}

export function altchaCheck(db: Database, options: AltchaOptions): HumanCheck {
  // Two keys from one secret: the challenge's signature and its derived key's signature.
  const keyOf = (purpose: string) =>
    createHmac('sha256', options.secret).update(`altcha.${purpose}`).digest('base64url');
  const hmacSignatureSecret = keyOf('challenge');
  const hmacKeySignatureSecret = keyOf('key');
  return {
    async issue() {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: options.cost,
        counter: randomInt(options.maxCounter, Math.floor(options.maxCounter / 2)),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      return { kind: 'altcha', challenge };
    },
    async verify(solution) {
      const payload = parsePayload(solution);
      if (!payload) return false;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => undefined);
      if (!result?.verified) return false;
      return spend(db, `altcha:${payload.challenge.signature}`, new Date());
    },
  };
}

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileOptions {
  siteKey: string;
  secret: string;
  /** Cloudflare's siteverify unless told otherwise (a local fake in the e2e suite). */
  verifyUrl?: string;
}

/** Cloudflare verifies (and spends) the token; we only ask. Not reachable offline. */
export function turnstileCheck(
  { siteKey, secret, verifyUrl = SITEVERIFY_URL }: TurnstileOptions,
  fetchImpl: typeof fetch = fetch,
): HumanCheck {
  return {
    issue: () => Promise.resolve({ kind: 'turnstile', siteKey }),
    async verify(solution, remoteIp) {
      if (!solution || solution.length > 2048) return false;
      const response = await fetchImpl(verifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret, response: solution, remoteip: remoteIp }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => undefined);
      if (!response?.ok) return false;
      const answer = (await response.json().catch(() => ({}))) as { success?: unknown };
      return answer.success === true;
    },
  };
}
