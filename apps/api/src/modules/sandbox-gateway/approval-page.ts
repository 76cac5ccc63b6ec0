/**
 * The sandbox's page for everything that is neither a card form nor a bank link: a provider's
 * approval page for redirect methods (and a BLIK code or Pix QR code shown in a dialog), a
 * wallet sheet for one-click wallets, and the 3-D Secure challenge. Plain HTML, no external
 * assets.
 */
import { escapeHtml } from '../../http/html';

export type ApprovalKind = 'redirect' | 'wallet' | 'challenge';

const WORDING: Readonly<Record<ApprovalKind, { title: string; lead: string; approve: string }>> = {
  redirect: {
    title: 'Approve the payment',
    lead: 'This stands in for the provider’s own page, where the shopper logs in and confirms.',
    approve: 'Approve payment',
  },
  wallet: {
    title: 'Wallet',
    lead: 'This stands in for the wallet’s payment sheet (Apple Pay, Google Pay, PayPal, Amazon Pay).',
    approve: 'Pay with wallet',
  },
  challenge: {
    title: '3-D Secure',
    lead: 'Your bank asks you to confirm this payment. In the sandbox, any code is accepted.',
    approve: 'Confirm',
  },
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f5f7fb;color:#121826;margin:0;padding:24px}
main{max-width:420px;margin:0 auto;background:#fff;border:1px solid #d9dee8;border-radius:16px;padding:24px}
label{display:block;font-weight:600;margin-top:12px}
input{box-sizing:border-box;width:100%;min-height:44px;padding:8px 12px;border:1px solid #d9dee8;border-radius:8px;font:inherit}
button{display:block;width:100%;min-height:44px;border-radius:8px;border:1px solid #d9dee8;padding:8px 16px;font:inherit;font-weight:600;cursor:pointer;margin-top:8px;background:#fff}
.approve{background:#1f4fd6;color:#fff;border-color:#1f4fd6;margin-top:20px}.note{font-size:14px;color:#4b5565}
a{color:#1f4fd6;font-weight:600}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>
${body}
</main></body></html>`;
}

const CLOSED: Readonly<Record<'canceled' | 'answered', { title: string; lead: string }>> = {
  canceled: {
    title: 'This payment was canceled',
    lead: 'It can no longer be approved, and no money was taken. Return to the checkout to pay again.',
  },
  answered: {
    title: 'This payment is no longer open',
    lead: 'The payment was already answered. Return to the checkout to see its status.',
  },
};

/** What a payment's page shows once it is canceled (or superseded) or already answered. */
export function closedPage(input: {
  reason: 'canceled' | 'answered';
  provider: string;
  amount: string;
  back: string;
}): string {
  const words = CLOSED[input.reason];
  return page(
    `${words.title} · ${input.amount}`,
    `<p class="note">Sandbox · ${escapeHtml(input.provider)}</p>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.lead)}</p>
<p><a href="${escapeHtml(input.back)}">Return to the checkout</a></p>`,
  );
}

export function approvalPage(input: {
  kind: ApprovalKind;
  provider: string;
  amount: string;
  action: string;
}): string {
  const words = WORDING[input.kind];
  const code =
    input.kind === 'challenge'
      ? '<label for="code">Confirmation code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code">'
      : '';
  return page(
    `${words.title} · ${input.amount}`,
    `<p class="note">Sandbox · ${escapeHtml(input.provider)}</p>
<h1>${escapeHtml(words.title)}: ${escapeHtml(input.amount)}</h1>
<p class="note">${escapeHtml(words.lead)}</p>
<form method="post" action="${escapeHtml(input.action)}">
${code}
<button class="approve" type="submit" name="intent" value="approve">${escapeHtml(words.approve)}</button>
<button type="submit" name="intent" value="fail">Decline</button>
<button type="submit" name="intent" value="timeout">Let it time out</button>
<button type="submit" name="intent" value="cancel">Cancel and return</button>
</form>`,
  );
}
