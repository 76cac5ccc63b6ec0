import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { OrderStatus } from '../../../components/payments/order-status';
import { StatusPanel } from '../../../components/shell/status-panel';
import { PageMessages } from '../../../components/shell/page-messages';
import { getRequestUrl } from '../../../server/app-context.server';
import { pageMetadata } from '../../../server/metadata.server';

/** After the provider: poll the order, falling back to /pending/ after half a minute. */
const PENDING_AFTER_MS = 30_000;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('flow');
  return pageMetadata(t('processingTitle'));
}

export default async function ProcessingPage() {
  const t = await getTranslations('flow');
  const orderId = (await getRequestUrl()).searchParams.get('order_id');
  return (
    <PageMessages page="processing">
      <StatusPanel
        title={t('processingTitle')}
        text={t('processingText')}
        section="processing"
        focusOnArrival
      >
        {orderId ? <OrderStatus orderId={orderId} pendingAfterMs={PENDING_AFTER_MS} /> : null}
      </StatusPanel>
    </PageMessages>
  );
}
