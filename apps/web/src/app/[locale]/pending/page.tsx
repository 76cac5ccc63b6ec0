import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { readQueryParam } from '../../../rules/query-params';
import { localizedPath } from '@checkout/core';
import { safeRedirectTarget } from '@checkout/core/contract';
import { RouterLink } from '../../../components/shell/router-link';
import { OrderStatus } from '../../../components/payments/order-status';
import { StatusPanel } from '../../../components/shell/status-panel';
import { PageMessages } from '../../../components/shell/page-messages';
import { env } from '../../../env.server';
import { getRequestUrl } from '../../../server/app-context.server';
import { pageMetadata } from '../../../server/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('flow');
  return pageMetadata(t('pendingTitle'));
}

/**
 * A payment the provider has not settled yet: explain, and keep checking. The shopper may leave:
 * to `redirect_uri` (the site that sent them, when its origin is allowed), else the checkout.
 */
export default async function PendingPage() {
  const [t, tSuccess, url, locale] = await Promise.all([
    getTranslations('flow'),
    getTranslations('success'),
    getRequestUrl(),
    getLocale(),
  ]);
  const orderId = url.searchParams.get('order_id');
  const back = safeRedirectTarget(
    readQueryParam(url.searchParams, 'redirect_uri'),
    env.SITE_ORIGIN,
    env.ALLOWED_REDIRECT_ORIGINS,
  );
  return (
    <PageMessages page="pending">
      <StatusPanel
        title={t('pendingTitle')}
        text={t('pendingText')}
        section="pending"
        focusOnArrival
      >
        {orderId ? <OrderStatus orderId={orderId} pendingAfterMs={null} /> : null}
        {back ? (
          <a
            className="button button-secondary"
            href={back}
            data-element="redirect-back"
            data-outgoing
          >
            {tSuccess('continue')}
          </a>
        ) : orderId ? null : (
          <RouterLink className="button button-secondary" href={localizedPath(locale, '/payment/')}>
            {t('backToCheckout')}
          </RouterLink>
        )}
      </StatusPanel>
    </PageMessages>
  );
}
