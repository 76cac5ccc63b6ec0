import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    // ICU messages compiled at build time: the browser ships a formatter without the ICU
    // parser, and the server no longer parses each message on every request.
    messages: { path: './messages', format: 'json', locales: 'infer', precompile: true },
  },
});

// The brand's support centre for the last-resort error screen (app/global-error.tsx), inlined at
// build time: importing config/brand.json there would put the whole file in every first load.
const brand = JSON.parse(
  readFileSync(path.resolve(process.cwd(), '../../config/brand.json'), 'utf8'),
) as { defaultSupportUrl: string };

const config: NextConfig = {
  env: { BRAND_SUPPORT_URL: brand.defaultSupportUrl },
  trailingSlash: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // The npm workspace root, so tracing and Turbopack see packages/core and the shared lockfile.
  turbopack: { root: path.resolve(process.cwd(), '../..') },
  outputFileTracingRoot: path.resolve(process.cwd(), '../..'),
  transpilePackages: ['@checkout/core'],
  // geoip-country reads its database files next to its own sources at run time.
  serverExternalPackages: ['geoip-country'],
  // /graphql and the api's routes are forwarded by src/proxy.ts without a slash redirect.
  skipTrailingSlashRedirect: true,
  experimental: {
    // app/global-not-found.tsx: a root not-found.tsx would be rendered into every page (see there).
    globalNotFound: true,
    // The render's trace context in a <meta name="traceparent"> (with tracing on): the
    // browser's document-load span becomes its child, one trace from server to first paint.
    clientTraceMetadata: ['traceparent'],
    // The pages' few KB of CSS in the first response instead of three render-blocking requests:
    // Lighthouse mobile LCP of /payment/ 3.1 s -> 2.1 s (median of 5 runs each). The price: Next
    // also writes the CSS into the flight data, about 10 % more server CPU per /payment/ render.
    inlineCss: true,
    // Each page's own CSS only: the default chunking merged the dashboard's and the success
    // page's rules into /payment/'s (3.4 KB, twice: in the <style> and in the flight data). With
    // the CSS inlined, a chunk costs no request, so a low request cost keeps the chunks per page.
    cssChunking: { type: 'graph', requestCost: 1000 },
  },
};

export default withNextIntl(config);
