/** Test helper: a provider notification to /api/callback/, signed as the sandbox gateway signs it. */
import type { InjectOptions } from 'fastify';
import { signWebhook } from '../modules/payments/providers/signed-body';
import { SIGNATURE_HEADER } from '../modules/sandbox-gateway/gateway';

export function signedNotification(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  header = SIGNATURE_HEADER,
): InjectOptions {
  return {
    method: 'POST',
    url: '/api/callback/',
    headers: {
      'content-type': 'application/json',
      [header]: signWebhook(secret, body, timestamp),
    },
    payload: body,
  };
}
