import { expect, test } from '@playwright/test';

const PAGES = [
  '/',
  '/payment/',
  '/products/',
  '/pending/',
  '/processing/',
  '/error/',
  '/login/',
  '/oauth2/login/',
  '/legal/cookie-policy/',
  '/legal/terms-of-service/',
  '/legal/terms-of-service/subscription/',
  '/legal/pricing/',
  '/legal/privacy-policy/',
];

/** Pages that answer another status without what they need: /success/ names no order (404). */
const NOT_FOUND = ['/success/'];

const LANGUAGES = [
  { prefix: '', lang: 'en-US', dir: 'ltr' },
  { prefix: '/de', lang: 'de-DE', dir: 'ltr' },
  { prefix: '/ar', lang: 'ar', dir: 'rtl' },
];

for (const { prefix, lang, dir } of LANGUAGES) {
  test(`every page route answers 200 in ${lang}`, async ({ request }) => {
    for (const path of [...PAGES, ...NOT_FOUND]) {
      const res = await request.get(`${prefix}${path}`);
      expect(res.status(), `${prefix}${path}`).toBe(NOT_FOUND.includes(path) ? 404 : 200);
      const html = await res.text();
      expect(html, `${prefix}${path}`).toContain(`<html lang="${lang}" dir="${dir}">`);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });
}

test('addresses without a trailing slash redirect to it', async ({ request }) => {
  for (const path of ['/login', '/oauth2/login', '/payment']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toBe(`${path}/`);
  }
});

test('the page head carries title, description, canonical and share tags', async ({
  page,
  baseURL,
}) => {
  await page.goto('/de/payment/?product_group=vpn');
  await expect(page).toHaveTitle('Aegis kaufen | Aegis Checkout');
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveAttribute('href', `${baseURL}/de/payment/`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Aegis/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /width=device-width/,
  );
});

test('static icons and the api are served from the web origin', async ({ request }) => {
  const icon = await request.get('/static/icons/logo-vpn.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  const health = await request.get('/api/health/');
  expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
});

test('the header logo follows the product group', async ({ page }) => {
  await page.goto('/payment/?product_group=pass');
  await expect(page.locator('header img').first()).toHaveAttribute(
    'src',
    '/static/icons/logo-pass.svg',
  );
  await expect(page.getByRole('link', { name: 'Aegis Pass home' })).toBeVisible();
  await page.goto('/payment/');
  await expect(page.locator('header img').first()).toHaveAttribute(
    'src',
    '/static/icons/logo-checkout.svg',
  );
});
