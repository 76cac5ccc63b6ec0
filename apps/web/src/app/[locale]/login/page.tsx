import { getTranslations } from 'next-intl/server';
import { Link } from '../../../i18n/navigation';
import { StatusPanel } from '../../../components/shell/status-panel';

export default async function LoginPage() {
  const t = await getTranslations('login');
  return (
    <StatusPanel title={t('title')} text={t('text')} section="login">
      <Link className="button" href="/oauth2/login/">
        {t('continue')}
      </Link>
    </StatusPanel>
  );
}
