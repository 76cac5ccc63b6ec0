import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@checkout/core';
import { accountScreenQuerySchema, interactionViewSchema } from '@checkout/core/contract';
import { AccountForm } from '../../../../../components/account/account-form';
import { StatusPanel } from '../../../../../components/shell/status-panel';
import { PageMessages } from '../../../../../components/shell/page-messages';
import { RouterLink } from '../../../../../components/shell/router-link';
import { apiGet } from '../../../../../server/api.server';
import { pageMetadata } from '../../../../../server/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account');
  return pageMetadata(t('loginTitle'));
}

/**
 * The account site's login and sign-up screen for one authorization request (oidc-provider's
 * interaction). A request carrying a valid trusted pass token is finished without a screen.
 * `?screen=` opens another of the login's screens (the form's switches link to it); the code's
 * screen stays until the provider moves on.
 */
export default async function AccountLoginPage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string; uid: string }>;
  searchParams: Promise<{ screen?: string | string[] }>;
}) {
  const { locale, uid } = await params;
  const asked = accountScreenQuerySchema.safeParse((await searchParams).screen);
  const t = await getTranslations('account');
  const view = /^[\w-]{10,64}$/.test(uid)
    ? await apiGet(`/api/identity/interactions/${uid}/`, interactionViewSchema)
    : null;
  if (view?.kind === 'done') redirect(view.redirect_to);
  if (!view) {
    return (
      <StatusPanel title={t('expiredTitle')} text={t('expiredText')} section="account-expired">
        <RouterLink className="button" href={localizedPath(locale, '/')}>
          {t('submitLogin')}
        </RouterLink>
      </StatusPanel>
    );
  }
  return (
    <PageMessages page="account/login/[uid]">
      <AccountForm
        uid={uid}
        screen={view.screen !== 'verify' && asked.success ? asked.data : view.screen}
        email={view.email}
      />
    </PageMessages>
  );
}
