/** The collector's rules: what a batch may be, what a consent decision records, which attribution an order keeps. */
import { createHash } from 'node:crypto';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import {
  ATTRIBUTION_CURRENT_COOKIE,
  ATTRIBUTION_FIRST_COOKIE,
  CONSENT_COOKIE,
  parseAttribution,
  parseConsentCookie,
  type AnalyticsBatch,
  type ConsentDecision,
} from '@checkout/core';
import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  insertConsentDecision,
  insertEvents,
  insertOrderAttribution,
  type VisitorFacts,
} from './store';

/** Stores a batch the route read whole (readBatch): every event or none. */
export async function collectBatch(
  db: Database,
  batch: AnalyticsBatch,
  visitor: VisitorFacts,
): Promise<number> {
  await insertEvents(db, batch.browser_id, batch.events, visitor);
  return batch.events.length;
}

/** Why a batch was refused, as the refusal counter keys it. */
export function refusalReason(error: unknown): string {
  if (error instanceof z.ZodError) {
    return error.issues.some((i) => i.path.at(-1) === 'event') ? 'unknown_event' : 'invalid';
  }
  if (error instanceof AppError) return String(error.code);
  const status = (error as { statusCode?: number }).statusCode;
  return status === 413 ? ERROR_CODES.payloadTooLarge : status === 429 ? 'rate_limited' : 'invalid';
}

/** The browser id is random, but only its hash is kept: the record proves, it does not track. */
export function browserHash(browserId: string): string {
  return createHash('sha256').update(browserId).digest('hex');
}

/**
 * Records a decision the server can vouch for: the schema's (current policy, categories that
 * match the action), and, for a decision that allows analytics, a browser id that is the
 * request's own cookie, so such a decision cannot be filed under another browser's id.
 */
export async function recordConsent(
  db: Database,
  decision: ConsentDecision,
  request: { gpc: boolean; browserId: string | undefined },
): Promise<{ analytics: boolean; marketing: boolean; policyVersion: string }> {
  // A decision that allows analytics names the browser it lets us follow: its own cookie. A
  // refusal leaves no identifier behind (the web sends a one-off id), so it binds to nothing.
  if (decision.analytics && decision.browser_id !== request.browserId) {
    throw new AppError(ERROR_CODES.validation, 'The browser id is not this browser’s.', [
      { path: 'browser_id', message: 'not the browser_id cookie of this request' },
    ]);
  }
  const gpc = request.gpc;
  const row = {
    browserHash: browserHash(decision.browser_id),
    policyVersion: decision.policy_version,
    action: decision.action,
    analytics: decision.analytics,
    // Global Privacy Control is an opt-out of sale and sharing, whatever the dialog said.
    marketing: decision.marketing && !gpc,
    gpc,
  };
  await insertConsentDecision(db, row);
  return { analytics: row.analytics, marketing: row.marketing, policyVersion: row.policyVersion };
}

/**
 * Keeps where the buyer came from on the order, when the browser allowed marketing cookies and
 * sent no GPC signal; the attribution cookies themselves are only set under that consent.
 */
export async function attributeOrder(
  db: Database,
  orderId: string,
  cookies: Record<string, string | undefined>,
  gpc: boolean,
): Promise<void> {
  const consent = parseConsentCookie(cookies[CONSENT_COOKIE]);
  if (gpc || (consent && !consent.marketing)) return;
  const current = parseAttribution(cookies[ATTRIBUTION_CURRENT_COOKIE]);
  const first = parseAttribution(cookies[ATTRIBUTION_FIRST_COOKIE]);
  if (!current && !first) return;
  await insertOrderAttribution(db, orderId, current, first);
}
