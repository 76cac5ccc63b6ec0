import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { open, signUpOnAccountSite } from './account';
import { confirmEmailForCard, payWithCard } from './card';

/** This spec's own card: the gateway tokenizes one number at most 20 times an hour. */
const CARD = '4000 0566 5566 5556';

test('a purchase mails the receipt with its invoice PDF, and the dashboard offers the invoice for download', async ({
  page,
  browser,
}) => {
  const email = `billing-${Date.now()}@gmail.com`;
  await open(page, '/payment/?product_group=vpn');
  await confirmEmailForCard(page, email);
  await payWithCard(page, CARD);
  await page.waitForURL(/\/success\/\?order_id=/);
  const orderNumber = /order_id=([0-9a-f]{8})/.exec(page.url())![1]!.toUpperCase();

  // The success page promises the receipt only once the api has queued it.
  const promise = page.locator('[data-element="receipt-sent"]');
  await expect(async () => {
    await page.reload();
    await expect(promise).toHaveText(`Your receipt and invoice are on their way to ${email}.`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });

  // The sandbox mailbox shows the receipt with the invoice attached, and the PDF opens.
  // It is sent right after the order is paid: printing the PDF takes a moment.
  const mailbox = `/api/sandbox/mailbox/?to=${encodeURIComponent(email)}`;
  await expect
    .poll(async () => (await page.request.get(mailbox)).text(), { timeout: 20_000 })
    .toContain('.pdf</a>');
  await page.goto(mailbox);
  const receipt = page.locator('article', {
    has: page.getByRole('heading', { name: `Your receipt for order ${orderNumber}` }),
  });
  await expect(receipt).toContainText('Your invoice AEGIS_VPN-');
  const attachment = receipt.getByRole('link', { name: /^AEGIS_VPN-\d{4}-\d{6}\.pdf$/ });
  const invoiceNumber = (await attachment.textContent())!.replace('.pdf', '');
  const pdf = await page.request.get(
    new URL((await attachment.getAttribute('href'))!, page.url()).toString(),
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Signing up with the address shows the invoice on the dashboard, and its PDF downloads.
  await page.goto('/dashboard/', { waitUntil: 'commit' });
  await signUpOnAccountSite(page, email);
  await page.waitForURL(/\/dashboard\/$/);
  const invoices = page.locator('[data-section="invoices"]');
  await expect(page.getByRole('heading', { name: 'Invoices and credit notes' })).toBeVisible();
  await expect(invoices.locator('tbody tr')).toHaveCount(1);
  await expect(invoices.locator('tbody tr').first()).toContainText(`Invoice ${invoiceNumber}`);
  await expect(invoices.locator('tbody tr').first()).toContainText('Aegis VPN Ltd.');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: `Download ${invoiceNumber} as PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The download is bound to the account: a browser that is not logged in gets none.
  const href = await page
    .getByRole('link', { name: `Download ${invoiceNumber} as PDF` })
    .getAttribute('href');
  const stranger = await browser.newContext();
  const refused = await stranger.request.get(new URL(href!, page.url()).toString());
  expect(refused.status()).toBe(401);
  await stranger.close();
});
