/**
 * Test only: signs a notification item the way Adyen documents it, written from the
 * documentation rather than the library, so the adapter's check (the library's hmacValidator)
 * is tested against an independent signer: HMAC-SHA256 with the hex-decoded key over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success,
 * base64, in additionalData.hmacSignature.
 */
import { createHmac } from 'node:crypto';

export interface SignableItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: string;
}

export function adyenSignature(hexKey: string, item: SignableItem): string {
  const payload = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    item.amount.value,
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(payload, 'utf8').digest('base64');
}
