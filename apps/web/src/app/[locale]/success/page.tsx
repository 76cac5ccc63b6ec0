import { getLocale, getTranslations } from 'next-intl/server';
import { analyticsProductId, formatPrice, isCurrency, type ProductGroup } from '@checkout/core';
import { Link, redirect } from '../../../i18n/navigation';
import { ConversionEvent } from '../../../analytics/page-events';
import { StatusPanel } from '../../../components/shell/status-panel';
import { getRequestUrl } from '../../../server/app-context.server';
import { getBrand } from '../../../server/brand.server';
import { loadOrder } from '../../../server/order.server';
import styles from './success.module.css';

type App = 'vpn' | 'pass' | 'locker';

/** The desktop apps an order's product opens; the bundle has all three. */
function appsFor(group: string | null): App[] {
  if (group === 'bundle') return ['vpn', 'pass', 'locker'];
  return group === 'pass' || group === 'locker' ? [group] : ['vpn'];
}

export default async function SuccessPage() {
  const [t, tSuccess, locale] = await Promise.all([
    getTranslations('flow'),
    getTranslations('success'),
    getLocale(),
  ]);
  const order = await loadOrder((await getRequestUrl()).searchParams.get('order_id'));
  if (order && order.status !== 'paid')
    redirect({ href: { pathname: '/processing/', query: { order_id: order.id } }, locale });
  const brand = getBrand();
  return (
    <StatusPanel title={t('successTitle')} text={t('successText')} section="success">
      {order ? (
        <div className={styles.details} data-element="order-details">
          <p>{tSuccess('orderNumber', { id: order.id.slice(0, 8).toUpperCase() })}</p>
          {/* The total and e-mail are the cart owner's only: the api sends null to anyone else. */}
          {/* Revenue is what the order earned before tax; only its owner's browser reports it. */}
          {order.status === 'paid' && isCurrency(order.currency) && order.totalMinor !== null ? (
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
            <p data-element="receipt">{tSuccess('receipt', { email: order.email })}</p>
          ) : null}
          <h2 className={styles.heading}>{tSuccess('getStarted')}</h2>
          <ul className={styles.apps}>
            {appsFor(order.productGroup).map((app) => {
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
                </li>
              );
            })}
          </ul>
        </div>
      ) : (
        <Link className="button button-secondary" href="/">
          {t('backToCheckout')}
        </Link>
      )}
    </StatusPanel>
  );
}
