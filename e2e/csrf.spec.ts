import { expect, test } from '@playwright/test';

/** A page on another site that posts a form to the checkout's api as soon as it opens. */
const EVIL = 'http://evil.example';

test('a form on another site cannot create a cart or start a login through the checkout', async ({
  page,
  baseURL,
}) => {
  const forms: Record<string, Record<string, string>> = {
    '/api/carts/': {
      mainPlan: 'vpn-basic-1y',
      currency: 'USD',
      country: 'US',
      email: 'victim@gmail.com',
    },
    '/api/users/auth/login/': { login_target: '/dashboard/' },
  };
  for (const [target, fields] of Object.entries(forms)) {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input name="${name}" value="${value}">`)
      .join('');
    await page.route(`${EVIL}/`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form method="post" action="${baseURL}${target}">${inputs}</form>
          <script>document.forms[0].submit()</script>`,
      }),
    );
    const answer = page.waitForResponse((r) => r.url() === `${baseURL}${target}`);
    await page.goto(`${EVIL}/`);
    const response = await answer;
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    expect(await response.headerValue('set-cookie')).toBeNull();
    await page.unroute(`${EVIL}/`);
  }
});

test('the checkout itself still posts: a cart is created from the payment page', async ({
  page,
}) => {
  const carts = page.waitForResponse(
    (r) => r.url().endsWith('/api/carts/') && r.request().method() === 'POST',
  );
  await page.goto('/payment/?product_group=vpn');
  const form = page.locator('[data-element="email-form"]');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await form.locator('input[type="email"]').fill('same-origin@gmail.com');
  await form.locator('button[type="submit"]').click();
  await expect(page.locator('[data-element="email-confirmed"]')).toBeVisible();
  expect((await carts).status()).toBe(201);
});
