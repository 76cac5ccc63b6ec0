/**
 * The hosted card page's only script: detects the card brand as the shopper types, groups the
 * digits the brand's way and asks for 3 or 4 security digits. The brand table comes from
 * credit-card-type (the library card-validator checks with on the server), embedded as JSON.
 * Served inline with a CSP hash, so the page still loads nothing from elsewhere.
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

export const BRAND_TABLE = JSON.stringify(
  BRANDS.map((type) => {
    const info = creditCardType.getTypeInfo(type);
    return {
      name: info.niceType,
      patterns: info.patterns,
      gaps: info.gaps,
      lengths: info.lengths,
      code: info.code.size,
    };
  }),
).replace(/</g, '\\u003c');

export const CARD_SCRIPT = `(() => {
const brands = JSON.parse(document.getElementById('card-brands').textContent);
const number = document.getElementById('number');
const cvc = document.getElementById('cvc');
const badge = document.getElementById('card-brand');
const strength = (digits, pattern) => {
  const [low, high] = Array.isArray(pattern) ? pattern.map(String) : [String(pattern), String(pattern)];
  const size = Math.min(digits.length, low.length);
  const head = Number(digits.slice(0, size));
  return head >= Number(low.slice(0, size)) && head <= Number(high.slice(0, size)) ? size : 0;
};
const detect = (digits) => {
  let best = null, bestSize = 0;
  for (const brand of brands) for (const pattern of brand.patterns) {
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
number.addEventListener('input', update);
update();
})();`;

export const CARD_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CARD_SCRIPT).digest('base64')}'`;
