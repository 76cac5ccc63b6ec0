import { getTranslations } from 'next-intl/server';
import { OrderStatus } from '../../../components/payments/order-status';
import { StatusPanel } from '../../../components/shell/status-panel';
import { PageMessages } from '../../../components/shell/page-messages';
import { getRequestUrl } from '../../../server/app-context.server';

/** After the provider: poll the order, falling back to /pending/ after half a minute. */
const PENDING_AFTER_MS = 30_000;

export default async function ProcessingPage() {
  const t = await getTranslations('flow');
  const orderId = (await getRequestUrl()).searchParams.get('order_id');
  return (
    <PageMessages page="processing">
      <StatusPanel title={t('processingTitle')} text={t('processingText')} section="processing">
        {orderId ? <OrderStatus orderId={orderId} pendingAfterMs={PENDING_AFTER_MS} /> : null}
      </StatusPanel>
    </PageMessages>
  );
}
