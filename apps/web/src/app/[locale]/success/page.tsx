import { getTranslations } from 'next-intl/server';
import { Link } from '../../../i18n/navigation';
import { StatusPanel } from '../../../components/shell/status-panel';

export default async function SuccessPage() {
  const t = await getTranslations('flow');
  return (
    <StatusPanel title={t('successTitle')} text={t('successText')} section="success">
      <Link className="button button-secondary" href="/payment/">
        {t('backToCheckout')}
      </Link>
    </StatusPanel>
  );
}
