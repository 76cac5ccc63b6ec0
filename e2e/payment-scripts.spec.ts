/**
 * PCI DSS 4.0 requirement 6.4.3: every script the payment page runs is authorized, listed with
 * the reason it is there (docs/security/payment-page-scripts.json). This test walks /payment/ as
 * far as the card fields and fails on any script, in the page or in any of its frames, that the
 * list does not name; then it pays, and fails on any Content-Security-Policy refusal on the way.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Frame } from '@playwright/test';
import { cardFrame, payWithCard } from './card';

interface InventoryEntry {
  kind: 'external' | 'inline';
  /** Path of the document the script runs in (the page or one of its frames), as a regex. */
  frame: string;
  /** External: the script's path (same origin) or address, as a regex. Inline: its opening. */
  source: string;
  owner: string;
  why: string;
}

const inventory = JSON.parse(
  readFileSync(new URL('../docs/security/payment-page-scripts.json', import.meta.url), 'utf8'),
) as { scripts: InventoryEntry[] };

function listed(kind: InventoryEntry['kind'], framePath: string, source: string): boolean {
  return inventory.scripts.some(
    (entry) =>
      entry.kind === kind &&
      new RegExp(entry.frame).test(framePath) &&
      new RegExp(entry.source).test(source),
  );
}

/** Where a script comes from, as the inventory writes it: a path when it is our origin. */
function sourceOf(url: string, origin: string): string {
  const parsed = new URL(url);
  return parsed.origin === origin ? parsed.pathname : url;
}

async function scriptsOf(frame: Frame) {
  return frame.evaluate(() =>
    Array.from(document.scripts)
      // Data blocks (application/json and the like) are never run.
      .filter((script) => ['', 'text/javascript', 'module'].includes(script.type))
      .map((script) => ({
        src: script.src,
        opening: script.src ? '' : (script.textContent ?? '').trim().slice(0, 80),
      })),
  );
}

test('the payment page runs only the scripts of its inventory, and a purchase meets no CSP refusal', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const loaded: { frame: string; source: string }[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const frame = request.frame();
    loaded.push({ frame: new URL(frame.url()).pathname, source: request.url() });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });

  await page.goto('/payment/?product_group=vpn');
  await page.locator('html[data-hydrated="true"]').waitFor();
  const form = page.locator('[data-element="email-form"]');
  await form.locator('input[type="email"]').fill('inventory-check@gmail.com');
  await form.locator('button[type="submit"]').click();
  await expect(cardFrame(page).locator('input#number')).toBeVisible();

  const unlisted: string[] = [];
  for (const { frame, source } of loaded) {
    const where = sourceOf(source, origin);
    if (!listed('external', frame, where)) unlisted.push(`${frame}: ${where}`);
  }
  for (const frame of page.frames()) {
    if (!frame.url().startsWith('http')) continue;
    const framePath = new URL(frame.url()).pathname;
    for (const { src, opening } of await scriptsOf(frame)) {
      if (src) {
        const where = sourceOf(src, origin);
        if (!listed('external', framePath, where)) unlisted.push(`${framePath}: ${where}`);
      } else if (!listed('inline', framePath, opening)) {
        unlisted.push(`${framePath}: inline ${opening}`);
      }
    }
  }
  expect(loaded.length).toBeGreaterThan(0);
  expect(unlisted).toEqual([]);

  // The rest of an ordinary purchase runs under the same policy without a refusal.
  await payWithCard(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/success\/\?order_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  expect(violations).toEqual([]);
});
