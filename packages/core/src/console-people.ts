/**
 * The console's people (issue 33): customers found by e-mail or by one of their orders, and
 * what the console shows of each subscription.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './email';
import { text } from './text';

/** GET /api/console/customers/: by the full address, or by an order (the address stays unseen). */
export const customerLookupSchema = z
  .strictObject({
    email: text().trim().min(3).max(EMAIL_MAX_LENGTH).optional(),
    orderId: z.uuid().optional(),
  })
  .refine((q) => (q.email === undefined) !== (q.orderId === undefined), {
    message: 'give either email or orderId',
  });
