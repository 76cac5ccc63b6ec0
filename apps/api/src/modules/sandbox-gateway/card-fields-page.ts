/**
 * The sandbox gateway's card fields, the page the checkout frames: number, expiry, CVV/CVC and
 * cardholder name, labelled in the shopper's language. It has no pay button of its own; the
 * checkout's button asks it to tokenize. Plain HTML, one hashed inline script, no external
 * assets, and only the checkout's origin may frame it.
 */
import type { CardFieldName, CardFieldsText } from '@checkout/core';
import { escapeHtml } from '../../http/html';
import { TEST_CARDS } from './cards';
import { BRAND_TABLE, CARD_SCRIPT, CARD_SCRIPT_HASH } from './card-script';

export function cardFieldsCsp(parentOrigin: string): string {
  return `default-src 'none'; script-src ${CARD_SCRIPT_HASH}; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors ${parentOrigin}`;
}

interface PageInput {
  parentOrigin: string;
  tokensUrl: string;
  text: CardFieldsText;
}

function field(name: CardFieldName, text: CardFieldsText, attrs: string, after = ''): string {
  return `<div class="${name}"><label for="${name}">${escapeHtml(text.labels[name])}</label>
<input id="${name}" name="${name}" ${attrs}>${after}
<p class="error" id="${name}-error"></p></div>`;
}

/** JSON inside a script element: "<" escaped so no "</script>" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function cardFieldsPage({ parentOrigin, tokensUrl, text }: PageInput): string {
  const config = { parentOrigin, tokensUrl, brands: BRAND_TABLE, messages: text.messages };
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([number, outcome]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${outcome === 'challenge' ? '3-D Secure' : outcome.replace('_', ' ')}</li>`,
    )
    .join('');
  // Digits read left to right in every language.
  const digits = 'dir="ltr" inputmode="numeric"';
  return `<!doctype html>
<html lang="${escapeHtml(text.lang)}" dir="${text.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(text.labels.number)}</title>
<style>
html,body{margin:0;background:transparent}
body{font:16px/1.5 system-ui,sans-serif;color:#121826}
form{padding:2px;display:grid;grid-template-columns:1fr 1fr;gap:0 12px}
.number,.name,.sandbox{grid-column:1/-1}
label{display:block;font-weight:600}
input{box-sizing:border-box;width:100%;min-height:44px;padding:8px 12px;border:1px solid #d9dee8;border-radius:8px;font:inherit;background:#fff;color:inherit}
input[dir=ltr]{text-align:start}
[dir=rtl] input[dir=ltr]{text-align:right}
input:focus-visible{outline:2px solid #1f4fd6;outline-offset:1px}
input[aria-invalid=true]{border-color:#b42318}
.error{color:#b42318;margin:4px 0 8px;min-height:0;font-size:14px}.error:empty{margin:0 0 8px}
.brand{font-weight:600;color:#1f4fd6;font-size:14px;margin:2px 0 0}.brand:empty{display:none}
.sandbox{font-size:14px;color:#4b5565}.sandbox ul{margin:4px 0;padding-inline-start:20px}
</style></head><body>
<form id="card-form" novalidate>
${field('number', text, `${digits} autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="card-brand number-error"`, '<p class="brand" id="card-brand" aria-live="polite"></p>')}
${field('expiry', text, `${digits} autocomplete="cc-exp" placeholder="MM / YY" aria-describedby="expiry-error"`)}
${field('cvc', text, `${digits} autocomplete="cc-csc" placeholder="123" aria-describedby="cvc-error"`)}
${field('name', text, 'autocomplete="cc-name" aria-describedby="name-error"')}
<details class="sandbox"><summary>Sandbox test cards</summary><ul>${cards}</ul></details>
</form>
<script type="application/json" id="card-config">${scriptJson(config)}</script>
<script>${CARD_SCRIPT}</script>
</body></html>`;
}
