/**
 * Adyen's standard webhook, checked as Adyen documents: HTTP basic authentication with the
 * credentials set on the webhook, then each item's HMAC signature through the library's own
 * validator. Anything forged, unsigned, of another merchant account or environment, or malformed
 * is refused whole (4xx, nothing applied); a valid batch is read into Adyen events.
 */
import { timingSafeEqual } from 'node:crypto';
import { hmacValidator, type Types } from '@adyen/api-library';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { text } from '@checkout/core';
import type { IncomingNotification } from '../adapter';
import type { AdyenConfig } from '../../../../provider-settings/adyen-checkout';

const itemSchema = z.looseObject({
  eventCode: text().min(1).max(64),
  success: z.enum(['true', 'false']),
  pspReference: text().min(1).max(64),
  originalReference: text().max(64).optional(),
  merchantAccountCode: text().min(1).max(80),
  // Empty on events that are no payment's (REPORT_AVAILABLE): accepted, left alone.
  merchantReference: text().max(80),
  amount: z.object({ value: z.number().int().min(0), currency: text().length(3) }),
  reason: z.string().max(2000).optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
const notificationSchema = z.object({
  live: z.enum(['true', 'false']),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: itemSchema }))
    .min(1)
    .max(100),
});

/** An event of a checked batch, as the inbox records it and its job reads it back. */
export const adyenEventSchema = z.object({
  eventCode: z.string(),
  success: z.boolean(),
  pspReference: z.string(),
  originalReference: z.string().optional(),
  /** Our payment id: every payment's `reference`. */
  merchantReference: z.string(),
  amount: z.object({ value: z.number(), currency: z.string() }),
  reason: z.string().optional(),
});
export type AdyenEvent = z.infer<typeof adyenEventSchema>;

const refused = (message: string) => new AppError(ERROR_CODES.invalidSignature, message);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function authenticated(config: AdyenConfig, header: string | string[] | undefined): boolean {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(typeof header === 'string' ? header : '');
  const [user, ...rest] = Buffer.from(match?.[1] ?? '', 'base64')
    .toString('utf8')
    .split(':');
  const userOk = sameSecret(user ?? '', config.webhookUsername);
  const passwordOk = sameSecret(rest.join(':'), config.webhookPassword);
  return match !== null && userOk && passwordOk;
}

function signed(config: AdyenConfig, item: z.infer<typeof itemSchema>): boolean {
  try {
    return new hmacValidator().validateHMAC(
      item as unknown as Types.notification.NotificationRequestItem,
      config.hmacKey,
    );
  } catch {
    // The library throws when an item carries no hmacSignature at all.
    return false;
  }
}

export function readAdyenNotification(
  config: AdyenConfig,
  incoming: IncomingNotification,
): AdyenEvent[] | AppError {
  if (!authenticated(config, incoming.headers.authorization))
    return refused('Webhook credentials missing or wrong.');
  let json: unknown;
  try {
    json = JSON.parse(incoming.body);
  } catch {
    return new AppError(ERROR_CODES.validation, 'The notification is not JSON.');
  }
  const parsed = notificationSchema.safeParse(json);
  if (!parsed.success)
    return new AppError(ERROR_CODES.validation, 'The notification is not valid.');
  if (parsed.data.live !== String(config.environment === 'live'))
    return new AppError(ERROR_CODES.validation, 'The notification is from another environment.');
  const items = parsed.data.notificationItems.map((n) => n.NotificationRequestItem);
  if (items.some((item) => item.merchantAccountCode !== config.merchantAccount))
    return new AppError(
      ERROR_CODES.validation,
      'The notification is for another merchant account.',
    );
  if (!items.every((item) => signed(config, item))) return refused('Webhook signature mismatch.');
  return items.map((item) => ({
    eventCode: item.eventCode,
    success: item.success === 'true',
    pspReference: item.pspReference,
    originalReference: item.originalReference,
    merchantReference: item.merchantReference,
    amount: item.amount,
    reason: item.reason || undefined,
  }));
}
