/**
 * Every storefront page carries its security headers (finding 4 of issue 12): a
 * Content-Security-Policy with a nonce fresh for each answer, no framing by other sites, and no
 * internal routing header that reveals how (or where) the web app forwarded the request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIResponse } from '@playwright/test';

const PAGES = [
  '/',
  '/payment/?product_group=vpn',
  '/de/payment/?product_group=pass',
  '/ar/products/',
  '/products/',
  '/success/',
  '/pending/',
  '/processing/',
  '/error/',
  '/login/',
  '/oauth2/login/',
  '/legal/terms-of-service/',
  '/legal/terms-of-service/subscription/',
  '/legal/privacy-policy/',
  '/no-such-page/',
];

function directivesOf(response: APIResponse): Map<string, string> {
  const policy = response.headers()['content-security-policy'] ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

const nonceOf = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(directivesOf(response).get('script-src') ?? '')?.[1];

function expectNoInternalHeaders(response: APIResponse, where: string) {
  const names = response.headersArray().map(({ name }) => name.toLowerCase());
  expect(
    names.filter((name) => name.startsWith('x-middleware-')),
    where,
  ).toEqual([]);
  const apiPort = process.env.E2E_API_PORT ?? '4100';
  for (const { name, value } of response.headersArray()) {
    expect(value, `${where}: ${name}`).not.toContain(`:${apiPort}`);
  }
}

test('every storefront page answers with the security headers and a nonce fresh per request', async ({
  request,
}) => {
  for (const path of PAGES) {
    const first = await request.get(path);
    const second = await request.get(path);
    const csp = directivesOf(first);
    const nonce = nonceOf(first);
    expect(nonce, `${path}: script nonce`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second), `${path}: a new nonce`).not.toBe(nonce);
    expect(csp.get('script-src'), path).toBe(`'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp.get('frame-ancestors'), path).toBe("'none'");
    expect(csp.get('frame-src'), path).toBe("'self'");
    expect(csp.get('form-action'), path).toBe("'self'");
    expect(csp.get('base-uri'), path).toBe("'none'");
    expect(csp.get('object-src'), path).toBe("'none'");
    const headers = first.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('payment=(self)');
    // The public origin of the suite is http: no HSTS there (unit-tested for https).
    expect(headers['strict-transport-security'], path).toBeUndefined();
    expectNoInternalHeaders(first, path);
    // Every script tag of the page carries this answer's nonce, or the browser refuses it.
    const tags = (await first.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test('answers forwarded to the api reveal no internal address or routing header', async ({
  request,
}) => {
  for (const path of ['/api/health/', '/graphql', '/api/sandbox/card-fields/']) {
    expectNoInternalHeaders(await request.get(path), path);
  }
});

test('another site cannot frame the payment page', async ({ page, baseURL }) => {
  const target = new URL('/payment/?product_group=vpn', baseURL).toString();
  // A page of another origin (127.0.0.1 on a port of its own) that frames the checkout.
  const framer = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>Framer</title><iframe src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
  try {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    const { port } = framer.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed).toBeDefined();
    // The frame holds the browser's error page, never the checkout.
    expect(framed?.url()).not.toBe(target);
    await expect(page.frameLocator('iframe').locator('main#main')).toHaveCount(0);
    expect(refusals.join('\n')).toContain("frame-ancestors 'none'");
  } finally {
    await new Promise((resolve) => framer.close(resolve));
  }
});

test('the processing pages a payment lands on run their one script by nonce, framed by us only', async ({
  request,
}) => {
  const orderId = '0190b6a0-0000-7000-8000-000000000000';
  for (const path of [
    `/api/processing/iframe/?order_id=${orderId}`,
    `/api/processing/pre/?to=${encodeURIComponent(`/api/sandbox/checkout/${orderId}/`)}&fields=e30`,
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const csp = directivesOf(response);
    const nonce = nonceOf(response);
    expect(csp.get('frame-ancestors'), path).toBe("'self'");
    expect(csp.get('script-src'), path).toBe(`'nonce-${nonce}' 'strict-dynamic'`);
    const tags = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags, path).toEqual([`<script nonce="${nonce}">`]);
  }
});
