/**
 * Subscriptions after the first payment: the renewal and reminder jobs, the customer's card
 * for renewals, and (outside production) the sandbox clock.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiEnv } from '../../env';
import type { AdjustableClock } from '../../jobs/clock';
import type { Jobs } from '../../jobs/queue';
import type { OutcomeDeps } from '../payments/outcome';
import type { RenewalNotices } from './notices';
import { sendRenewalReminders } from './reminders';
import { renewDue, type RenewalDeps } from './renewals';
import { clockRoutes, paymentMethodRoutes } from './routes';

export const RENEWALS_JOB = 'renewals';
const REMINDERS_JOB = 'renewal-reminders';

export interface RenewalsSetting {
  env: ApiEnv;
  outcome: OutcomeDeps;
  jobs: Jobs;
  /** The api's clock; tests and the sandbox clock move it. */
  clock: AdjustableClock;
  /** What the customer is mailed (billing's templates over the api's mail transport). */
  notices: RenewalNotices;
}

export function renewalsModule(app: FastifyInstance, setting: RenewalsSetting): RenewalDeps {
  const { env, jobs, clock, outcome } = setting;
  const deps: RenewalDeps = {
    ...outcome,
    clock,
    notices: setting.notices,
    publicOrigin: env.PUBLIC_ORIGIN,
    retryDays: env.DUNNING_RETRY_DAYS,
    graceDays: env.DUNNING_GRACE_DAYS,
    batchSize: env.RENEWAL_BATCH_SIZE,
    claimMs: env.RENEWAL_CLAIM_SECONDS * 1000,
  };
  // Each job works until nothing due is left unclaimed; several run side by side on PostgreSQL.
  jobs.define(RENEWALS_JOB, async () => {
    await renewDue(deps);
  });
  jobs.every(RENEWALS_JOB, '* * * * *');
  jobs.define(REMINDERS_JOB, async () => {
    await sendRenewalReminders(deps, env.RENEWAL_REMINDER_DAYS);
  });
  jobs.every(REMINDERS_JOB, '*/10 * * * *');
  paymentMethodRoutes(app, deps);
  if (env.NODE_ENV !== 'production') {
    // The renewals and reminders the jump made due run before the answer.
    clockRoutes(app, clock, async () => {
      await sendRenewalReminders(deps, env.RENEWAL_REMINDER_DAYS);
      await renewDue(deps);
    });
  }
  return deps;
}
