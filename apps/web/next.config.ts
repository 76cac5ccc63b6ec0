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
  // Answers are compressed by our HTTP server (src/server/web-server.mjs), after its rewrite.
  compress: false,
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
    // The pages' CSS as stylesheets, not inlined: `inlineCss` wrote every rule twice into each
    // answer, in a <style> and again in the flight data (36 KB of /payment/'s 91 KB), and cost
    // about 10 % more server CPU per render. Measured in one run of bench/next-baseline.ts
    // --lighthouse 3 (docs/performance.md): /payment/ 91 -> 56 KB, LCP within 0.4 s of the bare
    // page either way. Each page's own rules only: the default chunking put the dashboard's and
    // the success page's into /payment/'s; 'graph' chunks by the pages that load them.
    inlineCss: false,
    cssChunking: 'graph',
    // Unused exports of CommonJS modules (Next's own client runtime is CommonJS) left out of the
    // browser's chunks: /payment/'s first load 190,144 -> 189,542 B gzip, every page about as
    // much. turbopackModuleFragments (modules split by export) failed the build at /_not-found.
    turbopackCjsTreeShaking: true,
  },
};

export default withNextIntl(config);
