/**
 * The consent dialog's decision as the api takes it (consent.ts holds the cookie and the rules the
 * browser applies, without zod).
 */
import { z } from 'zod';
import { CONSENT_POLICY_VERSION } from './consent';

/**
 * `POST /api/consent/`: one decision, as the dialog took it. Proof records only what holds: the
 * policy shown is the current one, and "accept all" and "reject all" say what they are.
 */
export const consentDecisionSchema = z
  .strictObject({
    /** The browser's own id, which the api also finds in its `browser_id` cookie. */
    browser_id: z.uuid(),
    policy_version: z.literal(CONSENT_POLICY_VERSION, 'not the current cookie policy'),
    action: z.enum(['accept_all', 'reject_all', 'save']),
    analytics: z.boolean(),
    marketing: z.boolean(),
  })
  .refine(
    (d) =>
      d.action === 'save' ||
      (d.action === 'accept_all' ? d.analytics && d.marketing : !d.analytics && !d.marketing),
    { path: ['action'], message: 'the categories are not what this action allows' },
  );

export type ConsentDecision = z.infer<typeof consentDecisionSchema>;
