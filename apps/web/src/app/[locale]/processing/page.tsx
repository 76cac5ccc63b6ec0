import { getTranslations } from 'next-intl/server';
import { Link } from '../../../i18n/navigation';
import { StatusPanel } from '../../../components/shell/status-panel';

export default async function ProcessingPage() {
  const t = await getTranslations('flow');
  return (
    <StatusPanel title={t('processingTitle')} text={t('processingText')} section="processing">
      <Link className="button button-secondary" href="/payment/">
        {t('backToCheckout')}
      </Link>
    </StatusPanel>
  );
}
