import { getTranslations } from 'next-intl/server';
import { Link } from '../../../i18n/navigation';
import { OrderStatus } from '../../../components/payments/order-status';
import { StatusPanel } from '../../../components/shell/status-panel';
import { getRequestUrl } from '../../../server/app-context.server';

/** A payment the provider has not settled yet: explain, and keep checking. */
export default async function PendingPage() {
  const t = await getTranslations('flow');
  const orderId = (await getRequestUrl()).searchParams.get('order_id');
  return (
    <StatusPanel title={t('pendingTitle')} text={t('pendingText')} section="pending">
      {orderId ? (
        <OrderStatus orderId={orderId} pendingAfterMs={null} />
      ) : (
        <Link className="button button-secondary" href="/payment/">
          {t('backToCheckout')}
        </Link>
      )}
    </StatusPanel>
  );
}
