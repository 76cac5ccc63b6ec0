/**
 * The card-testing challenge as Cloudflare Turnstile: a checkout of its own with the Turnstile
 * keys, its siteverify pointed at a fake here, and Cloudflare's script served by a fake in the
 * browser (Cloudflare is not reachable from the test machine). The page's real CSP still applies.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { cardFrame, confirmEmailForCard, declinedCard, payWithCardAnswered } from './card';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

const SITE_KEY = '1x00000000000000000000AA';
const SECRET = '1x0000000000000000000000000000000AA';
const TOKEN = `fake-turnstile-token-for-${SITE_KEY}`;

/**
 * Turnstile's explicit rendering, faked: the widget is Cloudflare's frame, whose box tells the
 * page it was ticked; the callback then gets a token. Blocked by the CSP, there is no box.
 */
const FAKE_API_JS = `
window.turnstile = {
  render(element, options) {
    document.documentElement.dataset.turnstileLanguage = options.language;
    const frame = document.createElement('iframe');
    frame.title = 'Cloudflare security challenge';
    frame.src = 'https://challenges.cloudflare.com/fake-widget/';
    window.addEventListener('message', (event) => {
      if (event.source !== frame.contentWindow || event.data !== 'ticked') return;
      options.callback('fake-turnstile-token-for-' + options.sitekey);
    });
    element.append(frame);
    return 'widget-1';
  },
  remove() {},
};`;
const FAKE_WIDGET = `<!doctype html><label><input type="checkbox"
  onchange="parent.postMessage('ticked', '*')"> Verify you are human</label>`;

test.describe('Turnstile challenge', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let checkout: OwnCheckout | undefined;
  let siteverify: Server | undefined;
  const verified: Record<string, string>[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        verified.push(form);
        const success = form.secret === SECRET && form.response === TOKEN;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ success }));
      });
    });
    await new Promise<void>((resolve) => siteverify?.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    checkout = await startOwnCheckout({
      RATE_LIMIT_MAX: '100000',
      TURNSTILE_SITE_KEY: SITE_KEY,
      TURNSTILE_SECRET: SECRET,
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    });
  });

  test.afterAll(async () => {
    await checkout?.stop();
    await new Promise((resolve) => siteverify?.close(resolve));
  });

  async function checkoutToCard(page: Page, email: string, prefix = '') {
    const answer = await page.goto(`${checkout!.baseUrl}${prefix}/payment/?product_group=vpn`);
    const policy = answer?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/);
    await page.locator('html[data-hydrated="true"]').waitFor();
    await confirmEmailForCard(page, email);
  }

  test("after three declines the checkout shows Cloudflare's widget and the card pays with its token", async ({
    page,
  }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
    });
    const cloudflare: string[] = [];
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      const url = route.request().url();
      cloudflare.push(url);
      return url.includes('/turnstile/v0/api.js')
        ? route.fulfill({ contentType: 'text/javascript', body: FAKE_API_JS })
        : route.fulfill({ contentType: 'text/html', body: FAKE_WIDGET });
    });

    const seed = Date.now() % 9000;
    await checkoutToCard(page, `turnstile-challenged-${seed}@gmail.com`);
    // Each attempt's own answer is awaited: the alert an earlier decline left is no proof.
    for (let i = 0; i < 3; i++) {
      await payWithCardAnswered(page, declinedCard(seed + i));
      await expect(page.locator('[data-element="payment-error"]')).toBeVisible();
      await expect(page.locator('[data-element="challenge"]')).toHaveCount(0);
    }
    // Nothing of Cloudflare's is loaded before the checkout asks for the check.
    expect(cloudflare).toEqual([]);

    await payWithCardAnswered(page, '4242 4242 4242 4242');
    await expect(
      page.getByRole('heading', { name: 'Confirm that you are not a robot' }),
    ).toBeFocused();
    await expect(
      page
        .getByRole('group', { name: 'Confirm that you are not a robot' })
        .locator('iframe[title="Cloudflare security challenge"]'),
    ).toBeVisible();
    // Keyboard only, as with ALTCHA: the box in Cloudflare's frame takes the focus, Space ticks it.
    await page
      .frameLocator('[data-element="turnstile"] iframe')
      .getByRole('checkbox', { name: 'Verify you are human' })
      .focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/\/success\/\?order_id=/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();

    expect(cloudflare[0]).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(verified).toContainEqual(expect.objectContaining({ secret: SECRET, response: TOKEN }));
    expect(blocked).toEqual([]);
  });

  for (const { prefix, language } of [
    { prefix: '/zh-tw', language: 'zh-tw' },
    { prefix: '/pt-br', language: 'pt-br' },
  ]) {
    test(`the widget speaks the page's language (${language})`, async ({ page }) => {
      // The page's language reached the widget as a BCP 47 tag (zh-TW), read as plain Chinese.
      await page.route('https://challenges.cloudflare.com/**', (route) =>
        route.request().url().includes('/turnstile/v0/api.js')
          ? route.fulfill({ contentType: 'text/javascript', body: FAKE_API_JS })
          : route.fulfill({ contentType: 'text/html', body: FAKE_WIDGET }),
      );
      // The card frame's labels are in the page's language: its fields are found by id.
      const payById = async (number: string) => {
        const frame = cardFrame(page);
        await frame.locator('#number').fill(number);
        await frame.locator('#expiry').fill('12 / 30');
        await frame.locator('#cvc').fill('123');
        await frame.locator('#name').fill('Anna Silva');
        await page.locator('[data-element="pay-button"]').click();
      };
      const seed = (Date.now() + language.length * 97) % 9000;
      await checkoutToCard(page, `turnstile-${language}-${seed}@gmail.com`, prefix);
      for (let i = 0; i < 3; i++) {
        await payById(declinedCard(seed + i));
        await expect(page.locator('[data-element="payment-error"]')).toBeVisible();
      }
      await payById('4242 4242 4242 4242');
      await expect(page.locator('[data-element="turnstile"] iframe')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-turnstile-language', language);
    });
  }
});
