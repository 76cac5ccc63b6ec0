/** The sandbox gateway's hosted card page: plain HTML, inline styles, no external assets. */
import type { CardForm, CheckedCard } from './sandbox-cards';
import { TEST_CARDS } from './sandbox-cards';
import { BRAND_TABLE, CARD_SCRIPT, CARD_SCRIPT_HASH } from './sandbox-card-script';
import { escapeHtml } from '../../../http/html';

/** The hosted pages run only their own inline script and styles, and only we may frame them. */
export const SANDBOX_PAGE_CSP = `default-src 'none'; script-src ${CARD_SCRIPT_HASH}; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'`;

interface PageInput {
  action: string;
  amount: string;
  form: CardForm;
  errors: CheckedCard['errors'];
}

function field(name: keyof CardForm, label: string, input: PageInput, attrs: string): string {
  const error = input.errors[name];
  const value = name === 'number' || name === 'cvc' ? '' : (input.form[name] ?? '');
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attrs}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>
${error ? `<p class="error" id="${name}-error" role="alert">${escapeHtml(error)}</p>` : ''}`;
}

export function sandboxPage(input: PageInput): string {
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([number, outcome]) =>
        `<li><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${outcome === 'challenge' ? '3-D Secure challenge' : outcome.replace('_', ' ')}</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox gateway · Pay ${escapeHtml(input.amount)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;background:#f5f7fb;color:#121826;margin:0;padding:24px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #d9dee8;border-radius:16px;padding:24px}
label{display:block;font-weight:600;margin-top:12px}
input{box-sizing:border-box;width:100%;min-height:44px;padding:8px 12px;border:1px solid #d9dee8;border-radius:8px;font:inherit}
input[aria-invalid=true]{border-color:#b42318}.error{color:#b42318;margin:4px 0 0}
.row{display:flex;gap:12px}.row>div{flex:1}
button{min-height:44px;border-radius:8px;border:0;padding:8px 16px;font:inherit;font-weight:600;cursor:pointer}
.pay{width:100%;margin-top:20px;background:#1f4fd6;color:#fff}.cancel{background:none;color:#4b5565;text-decoration:underline;margin-top:8px}
.note{font-size:14px;color:#4b5565}.brand{margin:4px 0 0;min-height:1.5em;font-size:14px;font-weight:600;color:#1f4fd6}
</style></head><body><main>
<h1>Pay ${escapeHtml(input.amount)}</h1>
<p class="note">Sandbox gateway: no money moves. Card details stay on this page; the checkout receives only the outcome, the card brand, its last four digits and the expiry date.</p>
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field('number', 'Card number', input, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="card-brand"')}
<p class="brand" id="card-brand" aria-live="polite"></p>
<div class="row"><div>${field('expiry', 'Expiration date', input, 'autocomplete="cc-exp" placeholder="MM / YY"')}</div>
<div>${field('cvc', 'CVV/CVC', input, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123"')}</div></div>
${field('name', 'Cardholder name', input, 'autocomplete="cc-name"')}
<button class="pay" type="submit" name="intent" value="pay">Pay ${escapeHtml(input.amount)}</button>
<button class="cancel" type="submit" name="intent" value="cancel" formnovalidate>Cancel and return</button>
</form>
<h2 class="note">Test cards</h2><ul class="note">${cards}</ul>
</main>
<script type="application/json" id="card-brands">${BRAND_TABLE}</script>
<script>${CARD_SCRIPT}</script>
</body></html>`;
}
