/**
 * The console's people (issue 33): customers found by e-mail or by one of their orders, and
 * the staff list an admin keeps.
 */
import { z } from 'zod';
import { staffRoleSchema } from './console';
import { EMAIL_MAX_LENGTH } from '../email';
import { text } from '../text';

/** GET /api/console/customers/: by the full address, or by an order (the address stays unseen). */
export const customerLookupSchema = z
  .strictObject({
    email: text().trim().min(3).max(EMAIL_MAX_LENGTH).optional(),
    orderId: z.uuid().optional(),
  })
  .refine((q) => (q.email === undefined) !== (q.orderId === undefined), {
    message: 'give either email or orderId',
  });

/** POST /api/console/staff/:id/role/ */
export const staffRoleChangeSchema = z.strictObject({ role: staffRoleSchema });

/** A row of the staff list (GET /api/console/staff/): never a secret, a hash or a token. */
export const staffListRowSchema = z.object({
  id: z.uuid(),
  email: text(),
  role: staffRoleSchema,
  /** Has set a password and a second factor through the enrolment link. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StaffListRow = z.infer<typeof staffListRowSchema>;
