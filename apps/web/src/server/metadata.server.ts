/** Page metadata of spec §1: title, description, noindex, canonical, social-share tags. */
import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { env } from '../env.server';
import { getBrand } from './brand.server';
import { getRequestUrl } from './app-context.server';

export async function pageMetadata(title?: string): Promise<Metadata> {
  const brand = getBrand();
  const t = await getTranslations('meta');
  const canonical = new URL((await getRequestUrl()).pathname, env.SITE_ORIGIN).toString();
  const fullTitle =
    title ?? t('title', { provider: brand.providerName, project: brand.projectName });
  const description = t('description', { provider: brand.providerName });
  return {
    title: fullTitle,
    description,
    applicationName: brand.checkoutTitle,
    robots: { index: false, follow: false },
    alternates: { canonical },
    icons: { icon: '/static/icons/favicon.svg' },
    openGraph: {
      type: 'website',
      title: fullTitle,
      description,
      url: canonical,
      siteName: brand.checkoutTitle,
    },
    twitter: { card: 'summary', title: fullTitle, description },
  };
}
