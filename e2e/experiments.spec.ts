/**
 * The experiment layer in the browser: assignment before the first paint, sticky 90-day
 * cookies, a segment variant and a redirect variant rendered, monitoring left alone. The seed
 * runs big-payment-cta (control or big, half each); QA links force the others.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { qaToken } from './qa';

const NINETY_DAYS_S = 7_776_000;

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return response;
}

async function experimentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return Object.fromEntries(
    cookies.filter((c) => c.name.startsWith('experiment')).map((c) => [c.name, c]),
  );
}

/** The big-payment-button variant on an element; the inlined stylesheet names the class too. */
const BIG_CTA = /class="[^"]*_bigCta\b/;

test('a first visit is assigned before the first paint and keeps its variant across reloads for 90 days', async ({
  page,
  context,
}) => {
  const response = await open(page, '/payment/?product_group=vpn');
  const cookies = await experimentCookies(context);
  const variant = /big-payment-cta:(control|big)/.exec(cookies.experiment?.value ?? '')?.[1];
  expect(variant).toBeDefined();
  // The server's HTML already carries the variant: no flicker after hydration.
  const html = (await response?.text()) ?? '';
  expect(BIG_CTA.test(html)).toBe(variant === 'big');

  const now = Date.now() / 1000;
  for (const name of ['experiment', 'experiment_local']) {
    expect(cookies[name]?.expires).toBeGreaterThan(now + NINETY_DAYS_S - 120);
    expect(cookies[name]?.expires).toBeLessThan(now + NINETY_DAYS_S + 120);
  }
  // The browser's analytics reads `experiment`; the assignment record is not for scripts.
  expect(cookies.experiment?.httpOnly).toBe(false);
  expect(cookies.experiment_local?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain('experiment_local');

  for (let i = 0; i < 3; i += 1) {
    const again = await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect((await experimentCookies(context)).experiment?.value).toBe(cookies.experiment?.value);
    expect(BIG_CTA.test((await again?.text()) ?? '')).toBe(variant === 'big');
  }
});

test('a segment variant changes what it names, and its exposure is announced', async ({
  page,
  browser,
}) => {
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    (window as unknown as { exposures: unknown[] }).exposures = heard;
    window.addEventListener('checkout:experiment-exposure', (event) => {
      heard.push((event as CustomEvent).detail);
    });
  });
  await open(
    page,
    `/payment/?product_group=vpn&qa=${qaToken()}&force_experiment=section-header-copy:numbered%2Bplan-title:display-title`,
  );
  await expect(page.locator('#section-plans')).toHaveText('1. Choose your plan');
  await expect(page.locator('#section-email')).toHaveText('2. Your account');
  await expect(page.locator('[data-plan="vpn-basic-2y"]')).toContainText('Basic · 2 years');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { exposures: unknown[] }).exposures))
    .toEqual(
      expect.arrayContaining([
        { experimentId: 'section-header-copy', variant: 'numbered' },
        { experimentId: 'plan-title', variant: 'display-title' },
      ]),
    );
  // Without a QA token the parameter forces nothing: a paused experiment stays unseen.
  const stranger = await browser.newPage();
  await open(stranger, '/payment/?product_group=vpn&force_experiment=section-header-copy:numbered');
  await expect(stranger.locator('#section-plans')).toHaveText('Choose your plan');
  await stranger.close();
});

test('a redirect variant sends the visitor to its page with the query kept', async ({ page }) => {
  await page.goto(
    `/de/?coupon=SPRING25&product_group=vpn&qa=${qaToken()}&force_experiment=home-to-products:products`,
  );
  await expect(page).toHaveURL(/\/de\/products\/\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('coupon')).toBe('SPRING25');
  expect(url.searchParams.get('product_group')).toBe('vpn');
});

test('monitoring=true gets no experiments and no experiment cookies', async ({ page, context }) => {
  const response = await open(page, '/payment/?product_group=vpn&monitoring=true');
  expect(await experimentCookies(context)).toEqual({});
  expect((await response?.text()) ?? '').not.toMatch(BIG_CTA);
});

test('flag vpn-duo-plan prices the duo package, as the duo experiment does', async ({ page }) => {
  await open(page, `/payment/?product_group=vpn&qa=${qaToken()}&ff=vpn-duo-plan:on`);
  await page.locator('[data-element="tier-prime"]').click();
  await expect(page.locator('[data-plan="vpn-duo-1y"]')).toBeVisible();
});
