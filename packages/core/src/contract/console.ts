/**
 * The operators' console (issue 33): staff roles and what each may do, and the requests and
 * answers of the console's api routes. The server enforces the matrix; the screens only read it.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../email';
import { ORDER_STATUSES } from '../order-statuses';
import { text } from '../text';

export const STAFF_ROLES = ['support', 'finance', 'marketing', 'admin', 'analyst'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CONSOLE_ACTIONS = [
  'orders.read',
  /** A full refund within the order's money-back window (the self-service rules). */
  'orders.refund',
  /** Any refund: outside the window, and partial. */
  'orders.refund_any',
  'orders.resend_receipt',
  'orders.cancel',
  /** The search's orders as a CSV file, e-mail addresses masked (ORDER_EXPORT_MAX_ROWS at most). */
  'orders.export',
  'customers.read',
  /** Shows a customer's full e-mail address: itself written to the audit log. */
  'customers.reveal',
  'subscriptions.manage',
  'audit.read',
  'staff.manage',
  /** The catalog, its versions and the coupons with their usage (console-catalog.ts). */
  'catalog.read',
  /** A draft of price, plan changes: proposed, not yet what shoppers see. */
  'catalog.propose',
  'catalog.publish',
  'coupons.manage',
  /** Experiments' definitions and results; funnels and payment figures. */
  'experiments.read',
  /** Create, start, pause, stop an experiment, change its weights. */
  'experiments.manage',
  'funnels.read',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

const READ: readonly ConsoleAction[] = [
  'orders.read',
  'customers.read',
  'audit.read',
  'catalog.read',
];
const INSIGHTS: readonly ConsoleAction[] = ['experiments.read', 'funnels.read'];

export const CONSOLE_PERMISSIONS: Readonly<Record<StaffRole, readonly ConsoleAction[]>> = {
  support: [
    ...READ,
    'orders.refund',
    'orders.resend_receipt',
    'orders.cancel',
    'customers.reveal',
    'subscriptions.manage',
  ],
  finance: [
    ...READ,
    ...INSIGHTS,
    'orders.refund',
    'orders.refund_any',
    'orders.resend_receipt',
    'orders.export',
  ],
  marketing: [
    'audit.read',
    'catalog.read',
    'catalog.propose',
    'coupons.manage',
    ...INSIGHTS,
    'experiments.manage',
  ],
  admin: [...CONSOLE_ACTIONS],
  analyst: [...READ, ...INSIGHTS],
};

export function mayDo(role: StaffRole, action: ConsoleAction): boolean {
  return CONSOLE_PERMISSIONS[role].includes(action);
}

const email = () => text().trim().min(3).max(EMAIL_MAX_LENGTH);

/** POST /api/console/session/: password and the authenticator's current code at once. */
export const staffLoginSchema = z.strictObject({
  email: email(),
  password: text().min(1).max(200),
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});

/** POST /api/console/enrolment/: the one-time link's token, the new password, a first code. */
export const staffEnrolSchema = z.strictObject({
  token: text().min(20).max(200),
  password: text().min(12).max(200),
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});

/** GET /api/console/enrolment/?token=…: the secret to put in the authenticator app. */
export const enrolmentQuerySchema = z.object({ token: text().min(20).max(200) });

export const staffRoleSchema = z.enum(STAFF_ROLES);

const uuid = () => z.uuid();

/** GET /api/console/orders/: every filter optional, combined with AND; newest first. */
/** What an order search and an export filter by. */
const orderFilters = {
  orderId: uuid().optional(),
  paymentId: uuid().optional(),
  email: email().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  provider: text().min(1).max(64).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'two capital letters')
    .optional(),
  minAmount: z.coerce.number().int().min(0).optional(),
  maxAmount: z.coerce.number().int().min(0).optional(),
};

interface FilterBounds {
  from?: string | undefined;
  to?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
}

/** A range's ends in order: a date range's and an amount range's. */
const inOrder = <T extends z.ZodType<FilterBounds>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      message: 'from must not be after to',
      path: ['to'],
    })
    .refine(
      (q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount,
      {
        message: 'minAmount must not be above maxAmount',
        path: ['maxAmount'],
      },
    );

export const orderSearchSchema = inOrder(
  z.strictObject({
    ...orderFilters,
    /** Keyset paging: the `next` of the previous page. */
    before: text().max(80).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type OrderSearch = z.infer<typeof orderSearchSchema>;

/** The most rows one export carries: a narrower range exports the rest. */
export const ORDER_EXPORT_MAX_ROWS = 10_000;

/** GET /api/console/orders/export/: the search's filters, newest first, as one CSV file. */
export const orderExportSchema = inOrder(z.strictObject(orderFilters));
export type OrderExport = z.infer<typeof orderExportSchema>;

/**
 * POST /api/console/orders/:id/refunds/: without amountMinor, everything not yet refunded.
 * `requestId` is chosen once per refund by the screen: the same one sent again is refused.
 */
export const consoleRefundSchema = z.strictObject({
  amountMinor: z.number().int().positive().optional(),
  requestId: uuid(),
});

/** An order, account or subscription named in a console path. */
export const consoleRecordSchema = z.object({ id: uuid() });

/** GET /api/console/audit/: newest first; `subject` is one order (`order:<id>`) or account. */
export const auditQuerySchema = z.object({
  subject: text().max(300).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** POST /api/console/staff/: an admin adds (or re-enrols) a staff member. */
export const staffAddSchema = z.strictObject({ email: email(), role: staffRoleSchema });

/** POST /api/console/subscriptions/:id/auto-renew/ */
export const consoleAutoRenewSchema = z.strictObject({ autoRenew: z.boolean() });

/** The console's lists show an address like this; the full one is an audited reveal. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***@${address.slice(at + 1)}`;
}

const instant = () => z.iso.datetime({ offset: true });

export const consoleOrderRowSchema = z.object({
  id: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  emailMasked: text(),
  country: text(),
  currency: text(),
  totalMinor: z.number().int(),
  provider: text().nullable(),
  createdAt: instant(),
});
export type ConsoleOrderRow = z.infer<typeof consoleOrderRowSchema>;

export const consoleTimelineEntrySchema = z.object({
  at: instant(),
  kind: z.enum([
    'status',
    'notification',
    'mail',
    'refund',
    'dispute',
    'attribution',
    'experiments',
  ]),
  text: text(),
});
export type ConsoleTimelineEntry = z.infer<typeof consoleTimelineEntrySchema>;

/** GET /api/console/orders/:id/, and the answer of every action on the order. */
export const consoleOrderDetailSchema = consoleOrderRowSchema.extend({
  paymentId: text().nullable(),
  refundedMinor: z.number().int(),
  timeline: z.array(consoleTimelineEntrySchema),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: instant(),
  staffEmail: text(),
  action: text(),
  subject: text(),
  before: z.unknown(),
  after: z.unknown(),
  address: text(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
