/**
 * The card fields' only script. It detects the card brand as the shopper types, groups the
 * digits the brand's way and asks for 3 or 4 security digits (the brand table comes from
 * credit-card-type, the library card-validator checks with on the server), and writes the
 * expiry as MM / YY while the shopper types its digits. When the checkout
 * asks (a postMessage from the parent origin only) it posts the card to the gateway's token
 * endpoint and hands the checkout the token, or shows the card messages in place. Served inline
 * with a CSP hash, so the page loads nothing from elsewhere.
 */
import { createHash } from 'node:crypto';
import creditCardType from 'credit-card-type';

/** The eight brands of spec §3, by credit-card-type's names. */
const BRANDS = [
  'visa',
  'mastercard',
  'american-express',
  'discover',
  'jcb',
  'diners-club',
  'unionpay',
  'maestro',
] as const;

export const BRAND_TABLE = BRANDS.map((type) => {
  const info = creditCardType.getTypeInfo(type);
  return {
    name: info.niceType,
    patterns: info.patterns,
    gaps: info.gaps,
    lengths: info.lengths,
    code: info.code.size,
  };
});

export const CARD_SCRIPT = `(() => {
const config = JSON.parse(document.getElementById('card-config').textContent);
const form = document.getElementById('card-form');
const fields = config.fields;
const input = (name) => document.getElementById(name);
const expiry = input('expiry');
const number = input('number');
const cvc = input('cvc');
const badge = document.getElementById('card-brand');
const post = (message) =>
  window.parent.postMessage(Object.assign({ source: 'card-fields' }, message), config.parentOrigin);
const strength = (digits, pattern) => {
  const [low, high] = Array.isArray(pattern) ? pattern.map(String) : [String(pattern), String(pattern)];
  const size = Math.min(digits.length, low.length);
  const head = Number(digits.slice(0, size));
  return head >= Number(low.slice(0, size)) && head <= Number(high.slice(0, size)) ? size : 0;
};
const detect = (digits) => {
  let best = null, bestSize = 0;
  for (const brand of config.brands) for (const pattern of brand.patterns) {
    const size = digits ? strength(digits, pattern) : 0;
    if (size > bestSize) { best = brand; bestSize = size; }
  }
  return best;
};
const update = () => {
  const digits = number.value.replace(/\\D/g, '');
  const brand = detect(digits);
  const gaps = brand ? brand.gaps : [4, 8, 12];
  const max = brand ? Math.max(...brand.lengths) : 19;
  const kept = digits.slice(0, max);
  let grouped = '';
  for (let i = 0; i < kept.length; i += 1) grouped += (gaps.includes(i) ? ' ' : '') + kept[i];
  if (grouped !== number.value) number.value = grouped;
  badge.textContent = brand ? brand.name : '';
  const size = brand ? brand.code : 3;
  cvc.placeholder = size === 4 ? '1234' : '123';
  cvc.maxLength = size;
};
// The slash comes by itself: "4" is April ("04 / "), "1230" is "12 / 30"; deleting is left alone.
const formatExpiry = (event) => {
  if (event.inputType && event.inputType.startsWith('delete')) return;
  const full = /^\\s*(\\d{1,2})\\s*\\/\\s*\\d{2}(\\d{2})\\s*$/.exec(expiry.value);
  let digits = full ? full[1].padStart(2, '0') + full[2] : expiry.value.replace(/\\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = '0' + digits;
  const value = digits.length >= 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  if (value !== expiry.value) expiry.value = value;
};
const showErrors = (errors, slugs) => {
  let first = null;
  for (const name of fields) {
    const code = errors[name];
    const problem = document.getElementById(name + '-error');
    problem.textContent = code ? config.messages[code] || code : '';
    if (code && slugs[name]) problem.dataset.error = slugs[name];
    else delete problem.dataset.error;
    if (code) input(name).setAttribute('aria-invalid', 'true');
    else input(name).removeAttribute('aria-invalid');
    if (code && !first) first = input(name);
  }
  if (first) first.focus();
};
let busy = false;
const tokenize = async () => {
  if (busy) return;
  busy = true;
  try {
    const card = { form: config.form };
    for (const name of fields) card[name] = input(name).value;
    const response = await fetch(config.tokensUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(card),
    });
    const body = await response.json();
    if (response.status === 201) {
      showErrors({}, {});
      post({ type: 'token', token: body.token, brand: body.brand, last4: body.last4 });
    } else if (response.status === 422 && body.errors) {
      showErrors(body.errors, body.slugs || {});
      post({ type: 'invalid', errors: body.slugs || {} });
    } else post({ type: 'failed' });
  } catch {
    post({ type: 'failed' });
  } finally {
    busy = false;
  }
};
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== config.parentOrigin) return;
  if (event.data && event.data.source === 'checkout' && event.data.type === 'tokenize') void tokenize();
});
form.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || event.isComposing || event.target.tagName !== 'INPUT') return;
  event.preventDefault();
  post({ type: 'submit' });
});
new ResizeObserver(() => {
  post({ type: 'height', height: Math.ceil(form.getBoundingClientRect().bottom) + 4 });
}).observe(form);
number.addEventListener('input', update);
if (expiry) expiry.addEventListener('input', formatExpiry);
update();
post({ type: 'ready' });
})();`;

export const CARD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CARD_SCRIPT).digest('base64')}'`;
