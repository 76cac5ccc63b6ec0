/**
 * PayPal's webhook, checked as PayPal documents it: the transmission headers and the event, exactly
 * as received, are sent to PayPal's verify-webhook-signature call with our webhook id, and only
 * its SUCCESS lets the event in. (PayPal also documents an offline check against its signing
 * certificate with the CRC32 of the body; the call was chosen because it needs no certificate
 * download, cache or chain check of our own, runs against the fake in tests like every other
 * call, and PayPal retries a delivery we could not verify during an outage.) A transmission older
 * than ten minutes is refused as a replay before PayPal is asked. Anything unsigned, forged,
 * stale or malformed is refused (4xx, nothing applied).
 */
import { z } from 'zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { text } from '@checkout/core';
import type { IncomingNotification } from '../adapter';
import { PayPalRefusal, type PayPalClient } from './client';
import type { PayPalConfig } from '../../../../provider-settings/paypal-orders';

/** How far a transmission's time may lie behind (a replay) or ahead (a skewed clock). */
const MAX_AGE_MS = 10 * 60_000;
const MAX_AHEAD_MS = 5 * 60_000;

export const paypalEventSchema = z.looseObject({
  id: text().min(1).max(64),
  event_type: text().min(1).max(64),
  create_time: z.string().max(64).optional(),
  resource: z.record(z.string(), z.unknown()),
});

export type PayPalEvent = z.infer<typeof paypalEventSchema>;

const refused = (message: string) => new AppError(ERROR_CODES.invalidSignature, message);

const header = (incoming: IncomingNotification, name: string): string | undefined => {
  const value = incoming.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : undefined;
};

/** The events of a delivery PayPal signed, or why it is refused. */
export async function verifyPayPalWebhook(
  client: PayPalClient,
  config: PayPalConfig,
  incoming: IncomingNotification,
): Promise<PayPalEvent[] | AppError> {
  const transmission = {
    auth_algo: header(incoming, 'paypal-auth-algo'),
    cert_url: header(incoming, 'paypal-cert-url'),
    transmission_id: header(incoming, 'paypal-transmission-id'),
    transmission_sig: header(incoming, 'paypal-transmission-sig'),
    transmission_time: header(incoming, 'paypal-transmission-time'),
  };
  const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time } =
    transmission;
  if (!auth_algo || !cert_url || !transmission_id || !transmission_sig || !transmission_time)
    return refused('Webhook signature headers missing.');
  const sentAt = Date.parse(transmission_time);
  const age = incoming.receivedAt.getTime() - sentAt;
  if (Number.isNaN(sentAt) || age > MAX_AGE_MS || age < -MAX_AHEAD_MS)
    return refused('Webhook transmission is stale or replayed.');
  let json: unknown;
  try {
    json = JSON.parse(incoming.body);
  } catch {
    return new AppError(ERROR_CODES.validation, 'The notification is not JSON.');
  }
  const parsed = paypalEventSchema.safeParse(json);
  if (!parsed.success)
    return new AppError(ERROR_CODES.validation, 'The notification is not valid.');
  let verdict: { verification_status?: string };
  try {
    verdict = await client.post<{ verification_status?: string }>(
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo,
        cert_url,
        transmission_id,
        transmission_sig,
        transmission_time,
        webhook_id: config.webhookId,
        webhook_event: json,
      },
      `verify-${transmission_id}`,
    );
  } catch (error) {
    if (error instanceof PayPalRefusal) return refused('Webhook signature malformed.');
    // PayPal cannot say now: answered 503, PayPal delivers again later.
    return new AppError(
      ERROR_CODES.unavailable,
      'The payment provider is not answering right now.',
    );
  }
  if (verdict.verification_status !== 'SUCCESS') return refused('Webhook signature mismatch.');
  return [parsed.data];
}
