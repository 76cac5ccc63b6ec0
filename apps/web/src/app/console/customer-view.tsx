'use client';

import { useEffect, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useFormatter, useLocale } from 'next-intl';
import { formatPrice, type Currency } from '@checkout/core';
import type { ConsoleCustomer } from '@checkout/core/contract';
import { consoleCall, type ConsoleAnswer } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

type Lookup = { email: string } | { orderId: string };
type SubscriptionAction = 'cancel' | 'auto-renew-off' | 'auto-renew-on' | 'retry';

/** One customer: their orders and subscriptions, and what staff may do to a subscription. */
export function CustomerView({ orderId }: { orderId?: string | undefined }) {
  const t = useConsoleText('customers');
  const orderWord = useConsoleText('orderStatus');
  const subscriptionWord = useConsoleText('subscriptionStatus');
  const format = useFormatter();
  const lang = useLocale();
  const [lookup, setLookup] = useState<Lookup | undefined>(orderId ? { orderId } : undefined);
  const [customer, setCustomer] = useState<ConsoleCustomer>();
  const [email, setEmail] = useState<string>();
  const [outcome, setOutcome] = useState<{
    ok: boolean;
    code?: string | undefined;
    declined?: boolean;
  }>();
  const fetchCustomer = (by: Lookup) =>
    consoleCall(`customers/?${new URLSearchParams(by).toString()}`, {
      answer: consoleAnswer((s) => s.consoleCustomerSchema),
    });
  const show = (res: ConsoleAnswer<ConsoleCustomer>) => {
    setCustomer(res.data);
    if (!res.ok) setOutcome({ ok: false, code: res.code });
  };
  useEffect(() => {
    if (orderId) void fetchCustomer({ orderId }).then(show);
  }, [orderId]);
  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('email');
    if (typeof value !== 'string' || !value.trim()) return;
    setOutcome(undefined);
    setEmail(undefined);
    setLookup({ email: value.trim() });
    show(await fetchCustomer({ email: value.trim() }));
  };
  // Shown through the newest order's reveal: an audited action, like on the order page.
  const reveal = async (order: string) => {
    const res = await consoleCall(`orders/${order}/reveal/`, {
      method: 'POST',
      answer: consoleAnswer((s) => s.revealAnswerSchema),
      body: {},
    });
    if (res.ok) setEmail(res.data?.email);
    else setOutcome({ ok: false, code: res.code });
  };
  const act = async (id: string, action: SubscriptionAction) => {
    const post = { method: 'POST', body: {} } as const;
    const res =
      action === 'retry'
        ? await consoleCall(`subscriptions/${id}/retry/`, {
            ...post,
            answer: consoleAnswer((s) => s.consoleRetryAnswerSchema),
          })
        : action === 'cancel'
          ? await consoleCall(`subscriptions/${id}/cancel/`, {
              ...post,
              answer: consoleAnswer((s) => s.consoleCancelAnswerSchema),
            })
          : await consoleCall(`subscriptions/${id}/auto-renew/`, {
              ...post,
              body: { autoRenew: action === 'auto-renew-on' },
              answer: consoleAnswer((s) => s.consoleAutoRenewAnswerSchema),
            });
    // A retry the card declined again is answered 200 with paid: false.
    const declined = res.ok && 'paid' in res.data && !res.data.paid;
    setOutcome({ ok: res.ok && !declined, code: res.code, declined });
    if (lookup) setCustomer((await fetchCustomer(lookup)).data);
  };
  const money = (minor: number, currency: string) =>
    formatPrice(minor, currency as Currency, lang, { precise: true });
  const date = (at: string) => format.dateTime(new Date(at), { dateStyle: 'medium' });
  const newest = customer?.orders[0]?.id;
  return (
    <>
      <h1>{t('heading')}</h1>
      <form className={styles.filters} onSubmit={(event) => void find(event)}>
        <label>
          {t('email')}
          <input name="email" type="email" required />
        </label>
        <button type="submit" className={styles.button}>
          {t('find')}
        </button>
      </form>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok
            ? t('done')
            : outcome.declined
              ? t('declined')
              : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      {customer && (
        <>
          <p data-testid="customer-email">
            {email ?? customer.emailMasked}{' '}
            {!email && newest && (
              <button type="button" onClick={() => void reveal(newest)}>
                {t('reveal')}
              </button>
            )}
          </p>
          <h2>{t('subscriptions')}</h2>
          {customer.subscriptions.length === 0 && <p>{t('none')}</p>}
          {customer.subscriptions.map((sub) => (
            <section key={sub.id} className={styles.card} aria-label={sub.plan}>
              <dl className={styles.facts}>
                <dt>{t('plan')}</dt>
                <dd>{sub.plan}</dd>
                <dt>{t('state')}</dt>
                <dd data-testid="subscription-status">{subscriptionWord(sub.status)}</dd>
                <dt>{t('nextRenewal')}</dt>
                <dd>
                  {sub.status === 'active' || sub.status === 'past_due'
                    ? t(sub.autoRenew ? 'renews' : 'ends', {
                        date: date(sub.nextChargeAt),
                        amount: money(sub.nextChargeMinor, sub.currency),
                      })
                    : '—'}
                </dd>
                <dt>{t('dunning')}</dt>
                <dd data-testid="subscription-dunning">
                  {sub.dunningAttempts > 0
                    ? t('failedAttempts', { count: sub.dunningAttempts })
                    : '—'}
                </dd>
                <dt>{t('card')}</dt>
                <dd>{sub.card ? `${sub.card.brand ?? ''} •••• ${sub.card.last4}` : '—'}</dd>
              </dl>
              {(sub.status === 'active' || sub.status === 'past_due') && (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => void act(sub.id, 'cancel')}
                  >
                    {t('cancelNow')}
                  </button>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() =>
                      void act(sub.id, sub.autoRenew ? 'auto-renew-off' : 'auto-renew-on')
                    }
                  >
                    {t(sub.autoRenew ? 'cancelAtPeriodEnd' : 'autoRenewOn')}
                  </button>
                  {sub.status === 'past_due' && (
                    <button
                      type="button"
                      className={styles.button}
                      onClick={() => void act(sub.id, 'retry')}
                    >
                      {t('retry')}
                    </button>
                  )}
                </div>
              )}
            </section>
          ))}
          <h2>{t('orders')}</h2>
          <table className={styles.table}>
            <tbody>
              {customer.orders.map((order) => (
                <tr key={order.id}>
                  <td>{date(order.createdAt)}</td>
                  <td>
                    <Link href={`/console/${lang}/orders/${order.id}/`}>
                      {order.id.slice(0, 8)}
                    </Link>
                  </td>
                  <td>{orderWord(order.status)}</td>
                  <td>{money(order.totalMinor, order.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
