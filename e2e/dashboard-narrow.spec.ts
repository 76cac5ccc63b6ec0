/**
 * The dashboard on a 375 px phone, in Arabic (issue 27.14): the tables' column headers are
 * hidden there, so each cell names its column itself (a lone "Off" said nothing), and the
 * invoice cell keeps its Arabic word out of the monospace font that split its letters; the
 * shopper's e-mail address stays one left-to-right piece inside the Arabic text.
 */
import { expect, test } from '@playwright/test';
import { buyAsNewAccount, open } from './account';

/** A card no other spec pays with: the gateway tokenizes one card at most 20 times an hour. */
const CARD = '4929 1234 5678 9056';

test('ar at 375 px: every table cell names its column; "فاتورة" is not set in monospace; the address is isolated', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `dashboard-narrow-${Date.now()}@gmail.com`;
  await buyAsNewAccount(page, email, CARD);
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, '/ar/dashboard/');
  // The address keeps its order inside the Arabic sentence: it is isolated, not split at "-".
  await expect(page.locator('p', { hasText: email })).toContainText(`\u2068${email}\u2069`);
  // The invoice is issued by a job once the order is paid.
  await expect(async () => {
    await page.reload();
    await expect(page.locator('[data-section="invoices"] tbody tr')).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  for (const section of ['subscriptions', 'orders', 'invoices']) {
    const table = page.locator(`[data-section="${section}"] table`);
    await expect(table.locator('thead')).toBeHidden();
    const missing = await table.evaluate((element: HTMLTableElement) => {
      // A header only screen readers get (the download link's) has a cell that says it itself.
      const headers = [...element.tHead!.rows[0]!.cells].map((c) =>
        c.querySelector('.visually-hidden') ? null : c.textContent.trim(),
      );
      const problems: string[] = [];
      for (const row of element.tBodies[0]!.rows) {
        [...row.cells].forEach((cell, i) => {
          if (headers[i] === null) return;
          const shown = getComputedStyle(cell, '::before').content;
          if (!shown.includes(headers[i]!)) problems.push(`${headers[i]}: ${shown}`);
        });
      }
      return problems;
    });
    expect(missing, section).toEqual([]);
  }

  const fonts = await page
    .locator('[data-section="invoices"] tbody th')
    .evaluate((cell) =>
      [...cell.querySelectorAll('*'), cell]
        .filter((e) =>
          [...e.childNodes].some((n) => n.nodeType === 3 && /فاتورة/.test(n.textContent ?? '')),
        )
        .map((e) => getComputedStyle(e).fontFamily),
    );
  expect(fonts).toHaveLength(1);
  expect(fonts[0]).not.toMatch(/mono/);
});
