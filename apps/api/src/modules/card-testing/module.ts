/** Wires the challenge into the api: which check runs, and GET /api/challenge/ for the widget. */
import type { FastifyInstance } from 'fastify';
import { noQuerySchema } from '@checkout/core';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../env';
import { altchaCheck, turnstileCheck, type HumanCheck } from './human-check';

/** The header a retried call carries its challenge solution in (body schemas stay as they are). */
export const CHALLENGE_HEADER = 'x-challenge-solution';

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
