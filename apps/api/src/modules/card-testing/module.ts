/**
 * Wires card-testing defence into the api: which human check runs and GET /api/challenge/ for
 * the widget, the card guard and the card-token limit (when CARD_TESTING_DEFENCE is on), and the
 * purge of old counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CART_BINDING_COOKIE, CHALLENGE_HEADER, noQuerySchema } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../env';
import type { Jobs } from '../../jobs/queue';
import { cardGuard, tokenGuard, type CardGuard } from './card-guard';
import { purgeCardAttemptMinutes } from './decline-storm';
import { altchaCheck, turnstileCheck, type HumanCheck } from './human-check';
import { purgeVelocity } from './velocity';

/** A retried call carries its challenge solution in a header (body schemas stay as they are). */
export function solutionOf(headers: Record<string, unknown>): string | undefined {
  const value = headers[CHALLENGE_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

/** Turnstile when both its keys are set, else the self-hosted proof of work. */
export function humanCheckFor(db: Database, env: ApiEnv): HumanCheck {
  if (env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET) {
    return turnstileCheck({
      siteKey: env.TURNSTILE_SITE_KEY,
      secret: env.TURNSTILE_SECRET,
      verifyUrl: env.TURNSTILE_VERIFY_URL,
    });
  }
  return altchaCheck(db, {
    secret: env.CHALLENGE_SECRET,
    cost: env.ALTCHA_COST,
    maxCounter: env.ALTCHA_MAX_COUNTER,
  });
}

export function challengeRoutes(app: FastifyInstance, check: HumanCheck): void {
  // A fresh challenge each time, never cached: each is solved and spent once.
  app.get('/api/challenge/', { schema: { querystring: noQuerySchema } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await check.issue()),
  );
}

export interface CardTesting {
  humanCheck: HumanCheck;
  /** Card payments go through it; undefined with the defence off. */
  cardGuard: CardGuard | undefined;
  /** Counts a card token request (a provider's card fields); throws past its velocity limit. */
  tokenLimit: (request: FastifyRequest, fingerprint: string) => Promise<void>;
}

export interface CardTestingSetting {
  db: Database;
  env: ApiEnv;
  jobs: Jobs;
}

export function cardTestingModule(
  app: FastifyInstance,
  { db, env, jobs }: CardTestingSetting,
): CardTesting {
  const humanCheck = humanCheckFor(db, env);
  challengeRoutes(app, humanCheck);
  // Velocity counts and per-minute card attempts go every ten minutes (deletes are idempotent).
  jobs.define('card-testing-housekeeping', async () => {
    await Promise.all([purgeVelocity(db), purgeCardAttemptMinutes(db)]);
  });
  jobs.every('card-testing-housekeeping', '*/10 * * * *');
  const defence = env.CARD_TESTING_DEFENCE === 'on';
  const countToken = defence ? tokenGuard(db) : undefined;
  return {
    humanCheck,
    cardGuard: defence
      ? cardGuard(db, humanCheck, {
          windowMinutes: env.CARD_STORM_WINDOW_MINUTES,
          minDeclines: env.CARD_STORM_MIN_DECLINES,
          declineShare: env.CARD_STORM_DECLINE_SHARE,
        })
      : undefined,
    tokenLimit: async (request, fingerprint) =>
      countToken?.(
        request.cookies[CART_BINDING_COOKIE] ?? `ip:${request.ip}`,
        request.ip,
        fingerprint,
      ),
  };
}
