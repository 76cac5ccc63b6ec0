import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { isProductGroup, localizedPath, subscriptionCardSchema } from '@checkout/core';
import { RouterLink } from '../../../../components/shell/router-link';
import { PageMessages } from '../../../../components/shell/page-messages';
import { apiGet } from '../../../../server/api.server';
import { getRequestUrl } from '../../../../server/app-context.server';
import { getBrand } from '../../../../server/brand.server';
import { pageMetadata } from '../../../../server/metadata.server';
import { getCurrentUser } from '../../../../server/user.server';
import { getAdyenWebConfig } from '../../../../server/server-config.server';
import styles from '../dashboard.module.css';
import UpdateCardForm from './update-card-form';

const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('updateCard');
  return pageMetadata(t('title'));
}

/**
 * The update-card page the dunning e-mails link to (`/dashboard/card/?subscription=<id>`): the
 * card renewals charge, and the checkout's card fields to save another (a past_due renewal is
 * paid with it at once). Bound to the logged-in account like the dashboard.
 */
export default async function UpdateCardPage() {
  const locale = await getLocale();
  const id = (await getRequestUrl()).searchParams.get('subscription') ?? '';
  if (!(await getCurrentUser())) {
    const target = localizedPath(locale, `/dashboard/card/?subscription=${encodeURIComponent(id)}`);
    return redirect(
      `${localizedPath(locale, '/login/')}?${new URLSearchParams({ login_target: target })}`,
    );
  }
  const t = await getTranslations('updateCard');
  const view = UUID.test(id)
    ? await apiGet(`/api/subscriptions/${id}/payment-method/`, subscriptionCardSchema)
    : null;
  const running = view?.status === 'active' || view?.status === 'past_due';
  const plan = view?.product && isProductGroup(view.product) ? view.product : null;
  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <section className="card" data-section="update-card">
        {!view ? <p>{t('notFound')}</p> : null}
        {view ? (
          <>
            <p>{t('intro', { plan: plan ? getBrand().products[plan].name : view.plan })}</p>
            <p data-element="card-on-file">
              {view.card
                ? // No-break spaces: the brand and the digits stay on one line.
                  t('onFile', {
                    card: `${view.card.brand ?? ''}\u00a0••••\u00a0${view.card.last4}`.trim(),
                  })
                : t('noCard')}
            </p>
          </>
        ) : null}
        {view?.status === 'past_due' ? <p className={styles.error}>{t('pastDue')}</p> : null}
        {view && !running ? <p>{t('ended')}</p> : null}
        {view && running ? (
          <PageMessages page="dashboard/card">
            <UpdateCardForm
              subscriptionId={view.id}
              fieldsUrl={view.cardFields}
              adyen={getAdyenWebConfig()}
              locale={locale}
              provider={view.provider}
              country={view.country}
              pastDue={view.status === 'past_due'}
            />
          </PageMessages>
        ) : null}
      </section>
      <p>
        <RouterLink className="button button-secondary" href={localizedPath(locale, '/dashboard/')}>
          {t('back')}
        </RouterLink>
      </p>
    </div>
  );
}
