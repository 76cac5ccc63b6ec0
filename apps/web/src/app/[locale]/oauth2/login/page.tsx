import { getTranslations } from 'next-intl/server';
import { StatusPanel } from '../../../../components/shell/status-panel';

export default async function OAuthLoginPage() {
  const t = await getTranslations('login');
  return <StatusPanel title={t('oauthTitle')} text={t('oauthText')} section="oauth-login" />;
}
