/**
 * Stand-ins for what Adyen itself hosts, served through Playwright's routing: the secured card
 * fields' frames (one input each, answering adyen-web's own postMessage protocol with Adyen's
 * test-card convention `test_<value>` as the "encrypted" value), the device fingerprint frame,
 * translations and logos, the iDEAL bank page that sends the shopper back with a
 * redirectResult, and the status check of a wait (Pix's QR code) that hands adyen-web its payload
 * once the shopper confirmed in their bank's app; and the card issuer's 3-D Secure page with the 3-D Secure server's
 * notification page that hands adyen-web the challenge's result. adyen-web's own code runs for
 * real on our page.
 */
import type { Page } from '@playwright/test';
import {
  FAKE_3DS_NOTIFICATION_URL,
  FAKE_ACS_URL,
  type FakeAdyen,
} from '../../apps/api/src/modules/payments/providers/adyen-checkout/fake/fake-adyen';

export const ADYEN_HOSTS = /^https:\/\/checkout(shopper|analytics)-test(\.cdn)?\.adyen\.com\//;

/** One secured field: the config handshake, then every change "encrypted" for the parent. */
const SECURED_FIELD = `<!doctype html><html><head><meta charset="utf-8"></head>
<body style="margin:0"><input id="field" autocomplete="off" style="width:100%;height:36px;border:0">
<script>
  let config;
  const field = document.getElementById('field');
  const send = (message) => parent.postMessage(JSON.stringify({ numKey: config.numKey, fieldType: config.fieldType, ...message }), '*');
  addEventListener('message', (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (config || data.numKey === undefined || !data.fieldType) return;
    config = data;
    field.setAttribute('aria-label', data.fieldType);
    send({ action: 'config' });
  });
  field.addEventListener('input', () => {
    const value = field.value.replace(/\\s+/g, '');
    if (!value) return;
    if (config.fieldType === 'encryptedExpiryDate') {
      const [month, year] = value.split('/');
      send({ action: 'encryption', encryptedExpiryDate: [
        { encryptedFieldName: 'encryptedExpiryMonth', blob: 'test_' + month },
        { encryptedFieldName: 'encryptedExpiryYear', blob: 'test_20' + year } ], expiryDate: value });
      return;
    }
    const message = { action: 'encryption' };
    message[config.fieldType] = [{ encryptedFieldName: config.fieldType, blob: 'test_' + value }];
    if (config.fieldType === 'encryptedCardNumber') message.endDigits = value.slice(-4);
    send(message);
  });
</script></body></html>`;

/** The bank's page: the shopper approves and goes back to the checkout with Adyen's result. */
const bankPage = (returnTo: string) => `<!doctype html><html><body>
<h1>iDEAL</h1><a id="approve" href="${returnTo}">Approve</a></body></html>`;

/** The issuer's challenge (it received adyen-web's creq): the shopper confirms or cancels. */
const ACS_PAGE = `<!doctype html><html><body><form method="post" action="${FAKE_3DS_NOTIFICATION_URL}">
<p>Issuer verification</p><label>Code <input name="code"></label>
<button name="transStatus" value="Y">Confirm</button>
<button name="transStatus" value="N">Cancel</button></form></body></html>`;

/** Adyen's notification page: tells adyen-web on the checkout's page how the challenge ended. */
const notificationPage = (transStatus: string) => `<!doctype html><html><body><script>
  window.parent.postMessage(JSON.stringify({ type: 'challengeResult', result: { transStatus: ${JSON.stringify(transStatus)} } }), '*');
</script></body></html>`;

export interface AdyenHosted {
  /** The translation files adyen-web asked Adyen's CDN for (ar.json, nl-NL.json…). */
  translations: string[];
  /** Payments (our references) the shopper confirmed in their bank's app (Pix, BLIK). */
  confirmed: Set<string>;
}

/** Adyen's status check of a wait (Pix's QR code, BLIK): pending until the shopper confirms. */
function waitStatus(fake: FakeAdyen, hosted: AdyenHosted, paymentData: string) {
  const psp = Buffer.from(paymentData, 'base64')
    .toString('utf8')
    .replace(/^wait:/, '');
  const payment = fake.payments.get(psp);
  if (!payment || !hosted.confirmed.has(payment.reference))
    return { type: 'pending', resultCode: 'pending' };
  return {
    type: 'complete',
    resultCode: 'authorised',
    payload: fake.payloadFor(payment.reference),
  };
}

export async function standInForAdyen(page: Page, fake: FakeAdyen): Promise<AdyenHosted> {
  const hosted: AdyenHosted = { translations: [], confirmed: new Set() };
  await page.route(new URL(FAKE_ACS_URL).origin + '/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: ACS_PAGE }),
  );
  await page.route(ADYEN_HOSTS, async (route) => {
    const url = new URL(route.request().url());
    const html = (body: string) => route.fulfill({ contentType: 'text/html', body });
    if (url.hostname.startsWith('checkoutanalytics-'))
      return route.fulfill({ contentType: 'application/json', body: '{}' });
    if (/\/securedFields\.html$/.test(url.pathname)) return html(SECURED_FIELD);
    if (/\/dfp\.[\w.]+\.html$/.test(url.pathname)) return html('<!doctype html><title>dfp</title>');
    const translation = /\/translations\/([\w-]+)\.json$/.exec(url.pathname);
    if (translation?.[1]) {
      hosted.translations.push(translation[1]);
      // Adyen's own wording is not ours to copy: the stand-in answers with no custom strings,
      // and adyen-web falls back to its bundled English for each.
      return route.fulfill({ contentType: 'application/json', body: '{}' });
    }
    if (url.pathname.endsWith('/services/PaymentInitiation/v1/status')) {
      const { paymentData } = route.request().postDataJSON() as { paymentData: string };
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(waitStatus(fake, hosted, paymentData)),
      });
    }
    if (url.href === FAKE_3DS_NOTIFICATION_URL) {
      const posted = new URLSearchParams(route.request().postData() ?? '');
      return html(notificationPage(posted.get('transStatus') ?? 'N'));
    }
    if (url.pathname.endsWith('/checkoutPaymentRedirect')) {
      const psp = url.searchParams.get('redirectData') ?? '';
      const payment = fake.payments.get(psp);
      const sent = fake.requests.find(
        (r) => r.path === '/payments' && r.body.reference === payment?.reference,
      );
      if (!payment || !sent) return route.fulfill({ status: 404, body: 'unknown payment' });
      const back = new URL(String(sent.body.returnUrl));
      back.searchParams.set('redirectResult', fake.redirectResultFor(payment.reference));
      return html(bankPage(back.toString()));
    }
    // Logos and anything else: nothing, as when Adyen's CDN is slow to answer.
    return route.fulfill({ status: 404, body: '' });
  });
  return hosted;
}
