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

describe('catalog versions the checkout has seen', () => {
  /** A stand-in pricing api at catalog `version`: what each request sent, variables and header. */
  async function versionedApi(version: string) {
    const asked: { variables: Record<string, unknown>; preview: string | undefined }[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        // The query is long enough to be POSTed; a GET would carry the variables in the URL.
        const params = new URL(req.url ?? '/', 'http://x').searchParams;
        const sent = body
          ? (JSON.parse(body) as { variables: Record<string, unknown> }).variables
          : (JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>);
        const preview = req.headers['x-catalog-preview'];
        asked.push({ variables: sent, preview: typeof preview === 'string' ? preview : undefined });
        const answer = {
          identifier: 'vpn',
          catalogVersion: version,
          plans: [],
          coupon: null,
          crossSell: null,
        };
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ data: { getPackagePlans: answer } }));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, asked };
  }
  const ask = (currencyCode: 'USD' | 'EUR') => ({
    countryCode: 'US',
    currencyCode,
    packageId: 'vpn',
    filters: {},
  });

  it('sends the newest version it was answered with as knowledgeBaseVersion', async () => {
    const api = await versionedApi('7');
    vi.resetModules();
    vi.stubEnv('PRICING_API_URL', api.url);
    const { fetchPackagePlans } = await import('./pricing.server');
    await fetchPackagePlans(ask('USD'), {});
    await fetchPackagePlans(ask('EUR'), {});
    expect(api.asked.map((a) => a.variables.knowledgeBaseVersion)).toEqual([undefined, '7']);
  });

  it("forwards a draft's preview token, asks each time and learns no version from it", async () => {
    const api = await versionedApi('9');
    vi.resetModules();
    vi.stubEnv('PRICING_API_URL', api.url);
    const { fetchPackagePlans } = await import('./pricing.server');
    await fetchPackagePlans(ask('USD'), {}, 'preview-token-of-a-draft-0001');
    await fetchPackagePlans(ask('USD'), {}, 'preview-token-of-a-draft-0001');
    await fetchPackagePlans(ask('USD'), {});
    const token = 'preview-token-of-a-draft-0001';
    expect(api.asked.map((a) => [a.preview, a.variables.knowledgeBaseVersion])).toEqual([
      [token, undefined],
      [token, undefined],
      [undefined, undefined],
    ]);
  });
});
