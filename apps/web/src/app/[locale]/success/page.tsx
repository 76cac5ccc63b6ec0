import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import {
  analyticsProductId,
  formatPrice,
  isCurrency,
  isFlagOn,
  localizedPath,
  type ProductGroup,
} from '@checkout/core';
import { readQueryParam } from '../../../rules/query-params';
import { safeRedirectTarget } from '@checkout/core/contract';
import { ErrorScreen, errorTitleKey } from '../../../components/errors/error-screen';
import { RememberBuyer } from '../../../components/payments/remember-buyer';
import { ConversionEvent } from '../../../analytics/conversion-event';
import { StatusPanel } from '../../../components/shell/status-panel';
import { env } from '../../../env.server';
import { isolatedValue } from '../../../lib/bidi';
import { getAppContext, getRequestUrl } from '../../../server/app-context.server';
import { getBrand } from '../../../server/brand.server';
import { resolveLink } from '../../../server/links';
import { pageMetadata } from '../../../server/metadata.server';
import { answerWithStatus } from '../../../server/page-status.mjs';
import { getShellInfo } from '../../../server/shell.server';
import { loadOrder, receiptQueued } from '../../../server/order.server';
import styles from './success.module.css';

const APPS = ['vpn', 'pass', 'locker'] as const;
type App = (typeof APPS)[number];

/**
 * The desktop apps to open: those `services` names, else the order's product's (the bundle has
 * all three).
 */
function appsFor(group: string | null, services: readonly string[] | null): App[] {
  const named = APPS.filter((app) => services?.includes(app));
  if (named.length > 0) return named;
  if (group === 'bundle') return [...APPS];
  return group === 'pass' || group === 'locker' ? [group] : ['vpn'];
}

/** The order the address names, or null when it names none or one the api does not know. */
async function requestedOrder() {
  return loadOrder((await getRequestUrl()).searchParams.get('order_id'));
}

export async function generateMetadata(): Promise<Metadata> {
  const order = await requestedOrder();
  if (order) {
    const t = await getTranslations('flow');
    return pageMetadata(order.upgrade ? t('upgradedTitle') : t('successTitle'));
  }
  const t = await getTranslations('errors');
  return pageMetadata(t(errorTitleKey(404), { status: 404 }));
}

/** `success_uri` when it leads to our own or an allowed origin, with `success_alert` carried on. */
function continueTarget(params: URLSearchParams): string | null {
  const target = safeRedirectTarget(
    readQueryParam(params, 'success_uri'),
    env.SITE_ORIGIN,
    env.ALLOWED_REDIRECT_ORIGINS,
  );
  if (!target || !isFlagOn(readQueryParam(params, 'success_alert'))) return target;
  const url = new URL(target);
  url.searchParams.set('success_alert', '1');
  return url.toString();
}

export default async function SuccessPage() {
  const [t, tSuccess, tSummary, tPlans, locale, url, context] = await Promise.all([
    getTranslations('flow'),
    getTranslations('success'),
    getTranslations('summary'),
    getTranslations('plans'),
    getLocale(),
    getRequestUrl(),
    getAppContext(),
  ]);
  const params = url.searchParams;
  const order = await requestedOrder();
  if (!order) {
    // Nothing was bought here: no thanks for a purchase that does not exist, and HTTP 404. Not
    // notFound(): its answer is an empty error document that only scripts fill in.
    answerWithStatus(404);
    const { links } = await getShellInfo();
    return <ErrorScreen status={404} {...links} />;
  }
  if (order.status !== 'paid') {
    const query = new URLSearchParams({ order_id: order.id, payment_status: order.status });
    redirect(`${localizedPath(locale, '/processing/')}?${query}`);
  }
  const brand = getBrand();
  const next = continueTarget(params);
  // Said only once the receipt is really queued (the api queues it when the order is paid).
  const receipt = order.email !== null && (await receiptQueued(order.id));
  const tBilling = await getTranslations('billing');
  // The api names the subscriptions to the cart's owner only: the buyer who just paid.
  const bought = order.subscriptions;
  const currency = isCurrency(order.currency) ? order.currency : null;
  const renewalDate = new Intl.DateTimeFormat(context.language.localeCode, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  // They paid as the cart's owner: no "Already a user? Log in" for them (a logged-in buyer keeps
  // the account menu).
  const hideLogin = order.cartId !== null && !context.user;
  return (
    <StatusPanel
      // The order says whether it was an upgrade: `plan_upgraded=1` in an address proves nothing.
      title={order.upgrade ? t('upgradedTitle') : t('successTitle')}
      text={t('successText')}
      section="success"
      focusOnArrival
    >
      <RememberBuyer />
      <div
        className={styles.details}
        data-element="order-details"
        data-purchase-funnel={readQueryParam(params, 'purchase_funnel') ?? undefined}
        {...(hideLogin ? { 'data-hide-profile': '' } : {})}
      >
        <p>{tSuccess('orderNumber', { id: order.id.slice(0, 8).toUpperCase() })}</p>
        {bought && currency
          ? bought.map((subscription) => {
              const group = subscription.productGroup as ProductGroup | null;
              const product = group ? brand.products[group].name : brand.providerName;
              const { interval, unit } = subscription.period;
              return (
                <div key={`${group}-${subscription.tier}`} className={styles.subscription}>
                  <p data-element="order-plan">
                    {tSummary('plan', { product, tier: subscription.tier })} ·{' '}
                    {tPlans(`period.${unit}`, { count: interval })}
                  </p>
                  <p data-element="order-renewal">
                    {tSuccess('renewal', {
                      date: renewalDate.format(new Date(subscription.renewsAt)),
                      price: formatPrice(subscription.renewalMinor, currency, locale),
                    })}
                  </p>
                </div>
              );
            })
          : null}
        {/* The total and e-mail are the cart owner's only: the api sends null to anyone else. */}
        {/* Revenue is what the order earned before tax; only its owner's browser reports it. */}
        {isCurrency(order.currency) && order.totalMinor !== null ? (
          <ConversionEvent
            orderId={order.id}
            revenueMinor={order.totalMinor - (order.taxMinor ?? 0)}
            currency={order.currency}
            productId={analyticsProductId(order.productGroup)}
          />
        ) : null}
        {isCurrency(order.currency) && order.totalMinor !== null ? (
          <p>
            {tSuccess('totalPaid', {
              amount: formatPrice(order.totalMinor, order.currency, locale),
            })}
          </p>
        ) : null}
        {order.email ? (
          <p data-element="account-email">
            {tSuccess('account', { email: isolatedValue(locale, order.email) })}
          </p>
        ) : null}
        {receipt && order.email ? (
          <p data-element="receipt-sent">
            {tBilling('receiptOnItsWay', { email: isolatedValue(locale, order.email) })}
          </p>
        ) : null}
        {bought ? (
          <a
            className="button button-secondary"
            href={resolveLink(brand.accountUrl, context.language.urlCode)}
            data-element="manage-subscription"
          >
            {tSuccess('manage')}
          </a>
        ) : null}
        <h2 className={styles.heading}>{tSuccess('getStarted')}</h2>
        <ul className={styles.apps}>
          {appsFor(order.productGroup, readQueryParam(params, 'services')).map((app) => {
            const product = brand.products[app as ProductGroup].name;
            const scheme = brand.appSchemes[app];
            return (
              <li key={app}>
                <a
                  className="button"
                  href={`${scheme}://claim-online-purchase?order_id=${order.id}`}
                  data-element={`claim-${app}`}
                >
                  {tSuccess('claim', { product })}
                </a>
                <a
                  className="button button-secondary"
                  href={`${scheme}://open_app`}
                  data-element={`open-${app}`}
                >
                  {tSuccess('openApp', { product })}
                </a>
                {/* For a buyer who does not have the app yet. */}
                <a
                  className="button button-secondary"
                  href={brand.downloadUrls[app]}
                  data-element={`download-${app}`}
                  data-outgoing
                >
                  {tSuccess('download', { product })}
                </a>
              </li>
            );
          })}
        </ul>
        {next ? (
          <a className="button" href={next} data-element="success-continue" data-outgoing>
            {tSuccess('continue')}
          </a>
        ) : null}
      </div>
    </StatusPanel>
  );
}
