import { getTranslations } from 'next-intl/server';
import { LoginStart } from '../../../components/auth/login-start';
import { StatusPanel } from '../../../components/shell/status-panel';
import { PageMessages } from '../../../components/shell/page-messages';

/** /login/: starts a login at the account site and comes back to login_target (or home). */
export default async function LoginPage() {
  const t = await getTranslations('login');
  return (
    <PageMessages page="login">
      <StatusPanel title={t('title')} text={t('text')} section="login">
        <LoginStart auto />
      </StatusPanel>
    </PageMessages>
  );
}
