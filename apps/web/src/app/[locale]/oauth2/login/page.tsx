import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath } from '@checkout/core';
import { LoginStart } from '../../../../components/auth/login-start';
import { StatusPanel } from '../../../../components/shell/status-panel';
import { PageMessages } from '../../../../components/shell/page-messages';
import { RouterLink } from '../../../../components/shell/router-link';
import { getRequestUrl } from '../../../../server/app-context.server';

/**
 * /oauth2/login/: the OAuth entry. The desktop app opens it with a trusted pass token; the
 * login callback sends the browser back here with error=login_failed when a login was refused.
 */
export default async function OAuthLoginPage() {
  const [t, locale] = await Promise.all([getTranslations('login'), getLocale()]);
  const failed = (await getRequestUrl()).searchParams.get('error') === 'login_failed';
  if (failed) {
    return (
      <PageMessages page="oauth2/login">
        <StatusPanel title={t('failedTitle')} text={t('failedText')} section="oauth-login-failed">
          <p>
            <LoginStart auto={false} />{' '}
            <RouterLink href={localizedPath(locale, '/')}>{t('backToCheckout')}</RouterLink>
          </p>
        </StatusPanel>
      </PageMessages>
    );
  }
  return (
    <PageMessages page="oauth2/login">
      <StatusPanel title={t('oauthTitle')} text={t('oauthText')} section="oauth-login">
        <LoginStart auto />
      </StatusPanel>
    </PageMessages>
  );
}
