/**
 * The sandbox gateway's card fields, the page the checkout frames: the fields of the card form
 * the checkout asked for (number, expiry as one field or month and year, CVV/CVC, the Korean card
 * password, the payer's name as the form wants it, postal code), labelled in the shopper's
 * language. It has no pay button of its own; the checkout's button asks it to tokenize. Plain
 * HTML, one hashed inline script, no external assets, and only the checkout's origin may frame it.
 */
import {
  cardFormFields,
  type CardFieldName,
  type CardFieldsText,
  type CardForm,
} from '@checkout/core';
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
  form: CardForm;
}

// Digits read left to right in every language.
const DIGITS = 'dir="ltr" inputmode="numeric"';

/** Each field's input attributes, and what follows the input. */
const FIELDS: Readonly<Record<CardFieldName, { attrs: string; after?: string }>> = {
  number: {
    attrs: `${DIGITS} autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="card-brand number-error"`,
    after: '<p class="brand" id="card-brand" aria-live="polite"></p>',
  },
  expiry: { attrs: `${DIGITS} autocomplete="cc-exp" placeholder="MM / YY" maxlength="9"` },
  expiryMonth: { attrs: `${DIGITS} autocomplete="cc-exp-month" placeholder="MM" maxlength="2"` },
  expiryYear: { attrs: `${DIGITS} autocomplete="cc-exp-year" placeholder="YY" maxlength="4"` },
  cvc: { attrs: `${DIGITS} autocomplete="cc-csc" placeholder="123"` },
  password: {
    attrs: `${DIGITS} type="password" autocomplete="off" placeholder="••" maxlength="2"`,
  },
  name: { attrs: 'autocomplete="cc-name"' },
  firstName: { attrs: 'autocomplete="cc-given-name"' },
  lastName: { attrs: 'autocomplete="cc-family-name"' },
  fullName: { attrs: 'autocomplete="cc-name"' },
  postalCode: { attrs: 'autocomplete="postal-code" dir="ltr"' },
};

function field(name: CardFieldName, text: CardFieldsText): string {
  const { attrs, after = '' } = FIELDS[name];
  const describedBy = attrs.includes('aria-describedby') ? '' : ` aria-describedby="${name}-error"`;
  return `<div class="${name}"><label for="${name}">${escapeHtml(text.labels[name])}</label>
<input id="${name}" name="${name}" ${attrs}${describedBy}>${after}
<p class="error" id="${name}-error"></p></div>`;
}

/** JSON inside a script element: "<" escaped so no "</script>" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function cardFieldsPage({ parentOrigin, tokensUrl, text, form }: PageInput): string {
  const fields = cardFormFields(form);
  const config = {
    parentOrigin,
    tokensUrl,
    brands: BRAND_TABLE,
    messages: text.messages,
    form,
    fields,
  };
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([number, outcome]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${outcome === 'challenge' ? '3-D Secure' : outcome.replace('_', ' ')}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${escapeHtml(text.lang)}" dir="${text.dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(text.labels.number)}</title>
<style>
html,body{margin:0;background:transparent}
body{font:16px/1.5 system-ui,sans-serif;color:#121826}
form{padding:2px;display:grid;grid-template-columns:1fr 1fr;gap:0 12px}
.number,.name,.fullName,.postalCode,.sandbox{grid-column:1/-1}
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
${fields.map((name) => field(name, text)).join('\n')}
<details class="sandbox"><summary>Sandbox test cards</summary><ul>${cards}</ul></details>
</form>
<script type="application/json" id="card-config">${scriptJson(config)}</script>
<script>${CARD_SCRIPT}</script>
</body></html>`;
}
