/** getPackagePlans goes to the pricing api, which may live apart from the checkout api (spec §7). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

let server: Server | undefined;

/** A stand-in api that records the paths it is asked and answers an empty GraphQL result. */
async function fakeApi(): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  server = createServer((req, res) => {
    asked.push(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => server?.close(resolve));
});

describe('pricing client', () => {
  it('asks PRICING_API_URL, not the checkout api', async () => {
    const pricing = await fakeApi();
    vi.resetModules();
    vi.stubEnv('API_URL', 'http://127.0.0.1:9');
    vi.stubEnv('PRICING_API_URL', pricing.url);
    const { fetchPackagePlans } = await import('./pricing.server');
    const variables = {
      countryCode: 'US',
      currencyCode: 'USD' as const,
      packageId: 'vpn',
      filters: {},
    };
    await fetchPackagePlans(variables, {});
    expect(pricing.asked).toEqual(['/graphql']);
  });
});
