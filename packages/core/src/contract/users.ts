/**
 * Accounts and login (spec §3 login request/response, §4 auth state, §7 users calls): the
 * shapes the web app, the api and the identity provider exchange (the login rules the browser
 * runs too are in login.ts).
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../order-statuses';
import { SUBSCRIPTION_STATUSES } from '../subscriptions';
import { text } from '../text';
import { PREFERRED_FLOWS } from './login';

/** POST /api/users/auth/login/ (spec §3), plus where to return after login. */
export const loginRequestSchema = z.object({
  trusted_pass_token: text().min(1).max(4096).optional(),
  owner_id: text().min(1).max(128).optional(),
  preferred_flow: z.enum(PREFERRED_FLOWS).optional(),
  language: text().min(2).max(10).optional(),
  /** A same-site path or an allowed origin; anything else falls back to the home page. */
  login_target: text().max(2048).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ redirect_uri: z.url() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const currentUserSchema = z.object({
  user: z.object({ id: text(), email: text() }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>['user'];

/** Identity provider screens (the account site). */
export const credentialsSchema = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(200),
});
export const signupSchema = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(10, 'password-too-short').max(200),
});
export const verifySchema = z.object({
  email: credentialsSchema.shape.email,
  code: text()
    .trim()
    .regex(/^\d{8}$/, 'invalid'),
});

export const INTERACTION_SCREENS = ['login', 'signup', 'verify'] as const;
export type InteractionScreen = (typeof INTERACTION_SCREENS)[number];

/**
 * The account site's screen a link asks for (`?screen=`): its switches are links, so they work
 * before the page hydrates. The code's screen is the provider's to open, never a link's.
 */
export const accountScreenQuerySchema = z.enum(['login', 'signup', 'reset']);
export type AccountScreen = z.infer<typeof accountScreenQuerySchema>;

export const interactionViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('done'), redirect_to: z.url() }),
  z.object({
    kind: z.literal('prompt'),
    screen: z.enum(INTERACTION_SCREENS),
    email: text().nullable(),
  }),
]);
export type InteractionView = z.infer<typeof interactionViewSchema>;

export const interactionResultSchema = z.object({ redirect_to: z.url() });

/** The account dashboard: subscriptions and orders of the logged-in account. */
export const dashboardSchema = z.object({
  email: text(),
  subscriptions: z.array(
    z.object({
      id: text(),
      plan: text(),
      product: text().nullable(),
      period: z.object({ interval: z.number(), unit: text() }).nullable(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currency: text(),
      nextChargeAt: text(),
      nextChargeMinor: z.number().int(),
      /** The order that bought it: a refund of that order ends it. */
      orderId: text(),
      /** Off: it ends when the paid term does (nextChargeAt), nothing more is charged. */
      autoRenew: z.boolean(),
      endedAt: text().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: text(),
      createdAt: text(),
      currency: text(),
      totalMinor: z.number().int(),
      status: z.enum(ORDER_STATUSES),
      /** Until when the customer may ask for its refund; null when it may not (any more). */
      refundableUntil: text().nullable(),
    }),
  ),
});
export type DashboardView = z.infer<typeof dashboardSchema>;
