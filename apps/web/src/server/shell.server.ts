/** What the shell needs to know about this request: brand, product group and their links. */
import 'server-only';
import { getLocale } from 'next-intl/server';
import {
  familyFor,
  sandboxTakesPayments,
  stripLocalePrefix,
  type Brand,
  type ProductGroup,
} from '@checkout/core';
import type { ShellLinks } from '../context/shell-links';
import { env } from '../env.server';
import { getBrand } from './brand.server';
import { getProductGroup, getRequestUrl } from './app-context.server';
import { resolveLink } from './links';

export interface ShellInfo {
  brand: Brand;
  group: ProductGroup | undefined;
  links: ShellLinks;
  /** Path without the language prefix, e.g. "/payment/". */
  path: string;
  /** Payments go to the sandbox gateway: every page shows the "Test mode" badge. */
  testMode: boolean;
}

export async function getShellInfo(): Promise<ShellInfo> {
  const brand = getBrand();
  const group = await getProductGroup();
  const locale = await getLocale();
  const url = await getRequestUrl();
  return {
    brand,
    group,
    path: stripLocalePrefix(url.pathname),
    testMode: sandboxTakesPayments({
      deployEnv: env.DEPLOY_ENV,
      sandboxGateway: env.SANDBOX_GATEWAY,
    }),
    links: {
      supportUrl: resolveLink(
        group ? brand.products[group].supportUrl : brand.defaultSupportUrl,
        locale,
      ),
      landingUrl: resolveLink(brand.products[familyFor(group)].landingUrl, locale),
    },
  };
}
