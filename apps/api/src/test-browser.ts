/**
 * Test helper: one browser's cookie jar over `app.inject`. Cookies the api sets are sent back
 * on later calls, as a browser does; two jars are two browsers.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface TestBrowser {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  readonly cookies: Map<string, string>;
}

export function testBrowser(app: () => FastifyInstance): TestBrowser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async inject(options) {
      const sent = Object.fromEntries(cookies);
      const res = await app().inject({
        ...options,
        cookies: { ...sent, ...(options.cookies ?? {}) },
      });
      for (const cookie of res.cookies as { name: string; value: string; maxAge?: number }[]) {
        if (cookie.value === '' || cookie.maxAge === 0) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
      return res;
    },
  };
}
