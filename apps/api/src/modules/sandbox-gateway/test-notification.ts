/** Test helper: a provider notification to /api/callback/, signed as the sandbox gateway signs it. */
import type { InjectOptions } from 'fastify';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature';

export function signedNotification(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): InjectOptions {
  return {
    method: 'POST',
    url: '/api/callback/',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(secret, body, timestamp),
    },
    payload: body,
  };
}
