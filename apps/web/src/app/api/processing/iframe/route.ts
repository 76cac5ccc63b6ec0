/**
 * The return of a payment shown in the checkout's modal (flag iframe-modal-3ds): the gateway,
 * inside the iframe, lands here, and this page takes the whole window to /processing/ in the
 * shopper's language (`locale`), with the product's parameters it was given.
 */
import {
  DEFAULT_LOCALE,
  findLanguage,
  isRecordId,
  keptReturnParams,
  localizedPath,
  PROCESSING_PATH,
  withOrderId,
} from '@checkout/core';
import { escapeHtml, htmlResponse } from '../html';

export function GET(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const orderId = params.get('order_id') ?? '';
  if (!isRecordId(orderId)) return htmlResponse('<p>Unknown order.</p>', 400);
  const locale = findLanguage(params.get('locale') ?? '')?.urlCode ?? DEFAULT_LOCALE;
  const kept = new URLSearchParams(keptReturnParams(params)).toString();
  const page = localizedPath(locale, PROCESSING_PATH);
  const target = withOrderId(kept ? `${page}?${kept}` : page, orderId);
  return htmlResponse(
    `<p><a href="${escapeHtml(target)}" target="_top">Continue</a></p>`,
    200,
    `window.top.location.href=${JSON.stringify(target)}`,
  );
}
