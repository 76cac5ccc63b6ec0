/**
 * The answers of the console's api routes that are not one of its records (those have their
 * schemas beside their requests): the session, enrolment, the lists' envelopes and the results
 * of actions. The api answers through them and the console's client checks them.
 */
import { z } from 'zod';
import {
  auditEntrySchema,
  CONSOLE_ACTIONS,
  consoleOrderRowSchema,
  staffRoleSchema,
} from './console';
import { consoleExperimentSchema } from './console-experiments';
import {
  funnelRowSchema,
  providerSuccessRowSchema,
  weeklyDisputesRowSchema,
} from './console-funnels';
import { staffListRowSchema } from './console-people';
import { SUBSCRIPTION_STATUSES } from '../subscriptions';
import { text } from '../text';

const instant = () => z.iso.datetime({ offset: true });

/** POST and GET /api/console/session/: who is logged in and what their role may do. */
export const staffSessionAnswerSchema = z.object({
  email: text(),
  role: staffRoleSchema,
  actions: z.array(z.enum(CONSOLE_ACTIONS)),
});
export type StaffSessionAnswer = z.infer<typeof staffSessionAnswerSchema>;

/** GET /api/console/enrolment/: the secret for the authenticator app, and its otpauth URI. */
export const enrolmentAnswerSchema = z.object({ email: text(), secret: text(), uri: text() });

/** POST /api/console/enrolment/, and POST /api/console/staff/ with the one-time link. */
export const staffMemberAnswerSchema = z.object({ email: text(), role: staffRoleSchema });
export const staffAddAnswerSchema = staffMemberAnswerSchema.extend({ enrolmentUrl: z.url() });

/** GET /api/console/orders/: a page, and the cursor of the next (null on the last). */
export const orderSearchAnswerSchema = z.object({
  orders: z.array(consoleOrderRowSchema),
  next: text().nullable(),
});

/** POST /api/console/orders/:id/reveal/: the full address (audited). */
export const revealAnswerSchema = z.object({ email: text() });

/** GET /api/console/customers/: an account's orders and subscriptions, its address masked. */
export const consoleCustomerSchema = z.object({
  emailMasked: text(),
  orders: z.array(
    consoleOrderRowSchema.pick({
      id: true,
      status: true,
      currency: true,
      totalMinor: true,
      provider: true,
      createdAt: true,
    }),
  ),
  subscriptions: z.array(
    z.object({
      id: text(),
      plan: text(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currency: text(),
      nextChargeAt: instant(),
      nextChargeMinor: z.number().int(),
      autoRenew: z.boolean(),
      dunningAttempts: z.number().int(),
      card: z.object({ brand: text().nullable(), last4: text() }).nullable(),
    }),
  ),
});
export type ConsoleCustomer = z.infer<typeof consoleCustomerSchema>;

/** The answers of the subscription actions: auto-renew, cancel, retry a renewal now. */
export const consoleAutoRenewAnswerSchema = z.object({ id: text(), autoRenew: z.boolean() });
export const consoleCancelAnswerSchema = z.object({ id: text(), status: z.literal('canceled') });
/** A retry the card declined again is answered 200 with paid: false. */
export const consoleRetryAnswerSchema = z.object({ id: text(), paid: z.boolean() });

export const auditAnswerSchema = z.object({ entries: z.array(auditEntrySchema) });

export const staffListAnswerSchema = z.object({ staff: z.array(staffListRowSchema) });
export const staffRoleAnswerSchema = z.object({
  id: z.uuid(),
  email: text(),
  role: staffRoleSchema,
});
export const staffDisableAnswerSchema = z.object({
  id: z.uuid(),
  email: text(),
  disabled: z.literal(true),
});

export const experimentListAnswerSchema = z.object({
  experiments: z.array(consoleExperimentSchema),
});

/** The funnel's answers in JSON (`format=csv` answers the same rows as a file). */
export const funnelAnswerSchema = z.object({ rows: z.array(funnelRowSchema) });
export const paymentFiguresAnswerSchema = z.object({
  providers: z.array(providerSuccessRowSchema),
});
export const disputesAnswerSchema = z.object({ weeks: z.array(weeklyDisputesRowSchema) });
