import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts');

const config: NextConfig = {
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
};

export default withNextIntl(config);
