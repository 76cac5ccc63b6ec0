/**
 * The return of a payment shown in the checkout's modal (flag iframe-modal-3ds): the gateway,
 * inside the iframe, lands here, and this page takes the whole window to /processing/.
 */
import { isRecordId } from '@checkout/core';
import { escapeHtml, htmlResponse } from '../html';

export function GET(request: Request): Response {
  const orderId = new URL(request.url).searchParams.get('order_id') ?? '';
  if (!isRecordId(orderId)) return htmlResponse('<p>Unknown order.</p>', 400);
  const target = `/processing/?order_id=${orderId}`;
  return htmlResponse(
    `<p><a href="${escapeHtml(target)}" target="_top">Continue</a></p>`,
    200,
    `window.top.location.href=${JSON.stringify(target)}`,
  );
}
