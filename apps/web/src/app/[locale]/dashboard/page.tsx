import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import {
  dashboardSchema,
  upgradeOptionsSchema,
  type DashboardView,
  type UpgradeOptions,
} from '@checkout/core/contract';
import { formatPrice, isProductGroup, isCurrency, localizedPath } from '@checkout/core';
import { RouterLink } from '../../../components/shell/router-link';
import { isolatedValue } from '../../../lib/bidi';
import { apiGet } from '../../../server/api.server';
import { getBrand } from '../../../server/brand.server';
import { pageMetadata } from '../../../server/metadata.server';
import { getCurrentUser } from '../../../server/user.server';
import AutoRenewSwitch from './auto-renew-switch';
import ConfirmAction from './confirm-action';
import styles from './dashboard.module.css';
import { InvoicesSection } from './invoices-section';
import UpgradeAction from './upgrade-action';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('dashboard');
  return pageMetadata(t('title'));
}

/**
 * The account dashboard: the logged-in account's subscriptions and orders, with what the
 * customer may do to them (issue 20): auto-renew off and on, cancel (ends now), refund within
 * the money-back window, update the card renewals charge (its own page), upgrade through the
 * checkout. The api binds each action to the logged-in account.
 */
export default async function DashboardPage() {
  const locale = await getLocale();
  const user = await getCurrentUser();
  const view = user ? await apiGet('/api/users/current/dashboard/', dashboardSchema) : null;
  if (!view) {
    // The login comes back to the dashboard in this language.
    const query = new URLSearchParams({ login_target: localizedPath(locale, '/dashboard/') });
    return redirect(`${localizedPath(locale, '/login/')}?${query}`);
  }
  const t = await getTranslations('dashboard');
  const brand = getBrand();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  // Orders only ever hold supported currencies; a stray code is shown as the plain amount.
  const price = (minor: number, currency: string) =>
    isCurrency(currency) ? formatPrice(minor, currency, locale) : `${minor} ${currency}`;
  const productName = (product: string | null, plan: string) =>
    product && isProductGroup(product) ? brand.products[product].name : plan;
  type Subscription = DashboardView['subscriptions'][number];
  const running = (s: Subscription) => s.status === 'active' || s.status === 'past_due';
  /** What comes next: a charge, the end of the term (auto-renew off), or when it ended. */
  const nextCharge = (s: Subscription) => {
    if (!running(s))
      return s.endedAt ? t('endedOn', { date: date.format(new Date(s.endedAt)) }) : '';
    if (!s.autoRenew) return t('endsOn', { date: date.format(new Date(s.nextChargeAt)) });
    return t('nextChargeValue', {
      price: price(s.nextChargeMinor, s.currency),
      date: date.format(new Date(s.nextChargeAt)),
    });
  };
  const actionText = { backText: t('back'), failedText: t('actionFailed') };
  const period = (value: DashboardView['subscriptions'][number]['period']) => {
    if (!value) return '';
    if (value.unit === 'Year') return t('years', { count: value.interval });
    return t('months', { count: value.interval });
  };
  // What each running subscription may be upgraded to, quoted now (credit for unused time).
  const upgrades = new Map<string, UpgradeOptions>();
  await Promise.all(
    view.subscriptions.filter(running).map(async (s) => {
      const options = await apiGet(
        `/api/users/current/subscriptions/${s.id}/upgrades/`,
        upgradeOptionsSchema,
      );
      if (options) upgrades.set(s.id, options);
    }),
  );
  const upgradeAction = (s: Subscription) => {
    const options = upgrades.get(s.id);
    if (!options) return null;
    const choices = options.options.map((o) => ({
      plan: o.plan,
      label: `${productName(s.product, s.plan)} ${o.tier} · ${period(o.period)}`,
      due: t('upgradeDue', {
        due: price(o.dueMinor, o.currency),
        credit: price(o.creditMinor, o.currency),
      }),
    }));
    return (
      <UpgradeAction
        subscriptionId={s.id}
        productGroup={s.product}
        currency={s.currency}
        country={options.country}
        choices={choices}
        text={{
          label: t('upgrade'),
          title: t('upgradeTitle', { plan: productName(s.product, s.plan) }),
          body: t('upgradeBody'),
          none: t('noUpgrades'),
          back: t('back'),
          failed: t('actionFailed'),
        }}
      />
    );
  };

  return (
    <div className={styles.page}>
      <h1>{t('title')}</h1>
      <p className={styles.muted}>
        {t('signedInAs', { email: isolatedValue(locale, view.email) })}
      </p>

      <section className="card" aria-labelledby="subscriptions-title" data-section="subscriptions">
        <h2 id="subscriptions-title">{t('subscriptions')}</h2>
        {view.subscriptions.length === 0 ? (
          <p>{t('noSubscriptions')}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('plan')}</th>
                <th scope="col">{t('period')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('nextCharge')}</th>
                <th scope="col">{t('autoRenew')}</th>
              </tr>
            </thead>
            <tbody>
              {view.subscriptions.map((s) => (
                <tr key={s.id}>
                  <th scope="row" data-label={t('plan')}>
                    {productName(s.product, s.plan)}
                  </th>
                  <td data-label={t('period')}>{period(s.period)}</td>
                  <td data-label={t('status')}>
                    <div className={styles.actions}>
                      {t(`subscriptionStatus.${s.status}`)}
                      {running(s) ? (
                        <RouterLink
                          // Overdue: the new card pays the renewal, so it is the main action.
                          className={s.status === 'past_due' ? 'button' : undefined}
                          href={`${localizedPath(locale, '/dashboard/card/')}?${new URLSearchParams({ subscription: s.id })}`}
                          data-element="update-card"
                        >
                          {t('updateCard')}
                        </RouterLink>
                      ) : null}
                      {running(s) ? (
                        <ConfirmAction
                          id={`cancel-${s.id}`}
                          request={{
                            method: 'POST',
                            url: `/api/users/current/subscriptions/${s.id}/cancel/`,
                            body: {},
                          }}
                          label={t('cancel')}
                          title={t('cancelTitle', { plan: productName(s.product, s.plan) })}
                          body={t('cancelBody', { date: date.format(new Date(s.nextChargeAt)) })}
                          {...actionText}
                        />
                      ) : null}
                      {upgradeAction(s)}
                    </div>
                  </td>
                  <td data-label={t('nextCharge')}>{nextCharge(s)}</td>
                  <td data-label={t('autoRenew')}>
                    {running(s) ? (
                      <AutoRenewSwitch
                        url={`/api/users/current/subscriptions/${s.id}/auto-renew/`}
                        on={s.autoRenew}
                        label={t('autoRenew')}
                        onText={t('on')}
                        offText={t('off')}
                        failedText={actionText.failedText}
                      />
                    ) : (
                      t('off')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card" aria-labelledby="orders-title" data-section="orders">
        <h2 id="orders-title">{t('orders')}</h2>
        {view.orders.length === 0 ? (
          <p>{t('noOrders')}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('order')}</th>
                <th scope="col">{t('amount')}</th>
                <th scope="col">{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {view.orders.map((o) => (
                <tr key={o.id}>
                  <td data-label={t('date')}>{date.format(new Date(o.createdAt))}</td>
                  <td data-label={t('order')} className={styles.mono}>
                    {o.id.slice(0, 8).toUpperCase()}
                  </td>
                  <td data-label={t('amount')}>{price(o.totalMinor, o.currency)}</td>
                  <td data-label={t('status')}>
                    <div className={styles.actions}>
                      {t(`orderStatus.${o.status}`)}
                      {o.refundableUntil ? (
                        <>
                          <ConfirmAction
                            id={`refund-${o.id}`}
                            request={{
                              method: 'POST',
                              url: `/api/users/current/orders/${o.id}/refund/`,
                              body: {},
                            }}
                            label={t('refund')}
                            title={t('refundTitle')}
                            body={t('refundBody', { amount: price(o.totalMinor, o.currency) })}
                            {...actionText}
                          />
                          <span className={styles.cellNote}>
                            {t('refundableUntil', {
                              date: date.format(new Date(o.refundableUntil)),
                            })}
                          </span>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <InvoicesSection />
      <p>
        <RouterLink className="button button-secondary" href={localizedPath(locale, '/products/')}>
          {t('buyMore')}
        </RouterLink>
      </p>
    </div>
  );
}
