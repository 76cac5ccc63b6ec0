/**
 * The sandbox's bank-link widget (the token-exchange type, as Plaid Link or Stripe Financial
 * Connections work): the checkout frames it, the shopper picks a test bank, and the widget posts
 * a public token to the checkout window. The token is signed by the gateway and names its
 * payment, the bank's outcome and its expiry (30 minutes), so it is worth nothing to anyone but
 * the server that exchanges it for that payment.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../../http/html';
import type { SandboxOutcome } from './cards';

/** Test banks, each linking to an account with a known outcome. */
export const SANDBOX_BANKS = {
  instant: { name: 'Sandbox Bank: paid at once', outcome: 'success' },
  ach: { name: 'Sandbox Savings: settles later', outcome: 'pending' },
  closed: { name: 'Closed account: declined', outcome: 'declined' },
  empty: { name: 'Empty account: insufficient funds', outcome: 'insufficient_funds' },
} as const satisfies Record<string, { name: string; outcome: SandboxOutcome }>;
export type SandboxBank = keyof typeof SANDBOX_BANKS;

const LIFETIME_SECONDS = 30 * 60;
const PREFIX = 'ptok_';

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`bank-link.${payload}`).digest('base64url');

export function issuePublicToken(
  secret: string,
  paymentId: string,
  bank: SandboxBank,
  now = Date.now(),
): string {
  const payload = Buffer.from(
    JSON.stringify({ p: paymentId, b: bank, e: Math.floor(now / 1000) + LIFETIME_SECONDS }),
  ).toString('base64url');
  return `${PREFIX}${payload}.${mac(secret, payload)}`;
}

/** The bank a public token linked for this payment; undefined if forged, expired or another payment's. */
export function redeemPublicToken(
  secret: string,
  token: string,
  paymentId: string,
  now = Date.now(),
): SandboxBank | undefined {
  if (!token.startsWith(PREFIX)) return undefined;
  const [payload = '', signature = ''] = token.slice(PREFIX.length).split('.');
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    p: string;
    b: string;
    e: number;
  };
  if (claims.p !== paymentId || claims.e * 1000 < now || !(claims.b in SANDBOX_BANKS)) {
    return undefined;
  }
  return claims.b as SandboxBank;
}

/** Hands the result to the checkout window: the data sits on the body, the script is constant. */
const RESULT_SCRIPT =
  "var d=document.body.dataset;parent.postMessage(d.type==='linked'?{source:'bank-link',type:'linked',publicToken:d.token}:{source:'bank-link',type:'exit'},d.origin);";
const RESULT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(RESULT_SCRIPT).digest('base64')}'`;

/** Only the checkout may frame the widget, and only the result page runs a (hashed) script. */
export function bankLinkCsp(parentOrigin: string): string {
  return `default-src 'none'; script-src ${RESULT_SCRIPT_HASH}; style-src 'unsafe-inline'; frame-ancestors ${parentOrigin}`;
}

const STYLE = `<style>
body{font:16px/1.5 system-ui,sans-serif;background:#fff;color:#121826;margin:0;padding:16px}
fieldset{border:0;margin:0;padding:0}legend{font-weight:600;margin-bottom:8px}
label{display:flex;gap:8px;align-items:center;min-height:44px;border:1px solid #d9dee8;border-radius:8px;padding:0 12px;margin-bottom:8px}
button{display:block;width:100%;min-height:44px;border-radius:8px;border:1px solid #d9dee8;padding:8px 16px;font:inherit;font-weight:600;cursor:pointer;margin-top:8px;background:#fff}
.link{background:#1f4fd6;color:#fff;border-color:#1f4fd6}.note{font-size:14px;color:#4b5565}
</style>`;

export function bankLinkPage(input: { provider: string; amount: string; action: string }): string {
  const banks = Object.entries(SANDBOX_BANKS)
    .map(
      ([id, bank], i) =>
        `<label><input type="radio" name="bank" value="${id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(bank.name)}</label>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Link your bank · ${escapeHtml(input.amount)}</title>${STYLE}</head><body>
<p class="note">Sandbox · ${escapeHtml(input.provider)} · ${escapeHtml(input.amount)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<fieldset><legend>Choose your bank</legend>
${banks}
</fieldset>
<button class="link" type="submit" name="intent" value="link">Link account</button>
<button type="submit" name="intent" value="exit">Cancel</button>
</form>
</body></html>`;
}

export function bankLinkResultPage(
  parentOrigin: string,
  result: { type: 'linked'; token: string } | { type: 'exit' },
): string {
  const token = result.type === 'linked' ? ` data-token="${escapeHtml(result.token)}"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bank link</title>${STYLE}</head>
<body data-type="${result.type}" data-origin="${escapeHtml(parentOrigin)}"${token}>
<p class="note">${result.type === 'linked' ? 'Account linked. Returning to the checkout…' : 'Returning to the checkout…'}</p>
<script>${RESULT_SCRIPT}</script>
</body></html>`;
}
