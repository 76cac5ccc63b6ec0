'use client';

import { useEffect, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useFormatter, useLocale } from 'next-intl';
import { formatPrice, type Currency } from '@checkout/core';
import type { ConsoleOrderDetail } from '@checkout/core/contract';
import { consoleCall, type ConsoleAnswer } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

const detail = consoleAnswer((s) => s.consoleOrderDetailSchema);

/** One order: its facts, its timeline, and the actions the api may allow (it decides). */
export function OrderDetail({ id }: { id: string }) {
  const t = useConsoleText('order');
  const statusWord = useConsoleText('orderStatus');
  const kindWord = useConsoleText('timelineKind');
  const customerText = useConsoleText('customers');
  const format = useFormatter();
  const lang = useLocale();
  const [order, setOrder] = useState<ConsoleOrderDetail>();
  const [email, setEmail] = useState<string>();
  const [outcome, setOutcome] = useState<{ ok: boolean; code?: string | undefined }>();
  useEffect(() => {
    void consoleCall(`orders/${id}/`, { answer: detail }).then((res) =>
      res.ok ? setOrder(res.data) : setOutcome({ ok: false, code: res.code }),
    );
  }, [id]);
  const settle = (res: ConsoleAnswer<ConsoleOrderDetail>) => {
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok && res.data) setOrder(res.data);
  };
  const refund = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const raw = new FormData(event.currentTarget).get('amount');
    const amount = typeof raw === 'string' ? raw.trim() : '';
    // One request id per refund: a double click or a retry is refused, never refunded twice.
    const body = {
      requestId: crypto.randomUUID(),
      ...(amount ? { amountMinor: Number(amount) } : {}),
    };
    settle(await consoleCall(`orders/${id}/refunds/`, { method: 'POST', body, answer: detail }));
  };
  const act = async (action: 'receipt' | 'cancel') =>
    settle(
      await consoleCall(`orders/${id}/${action}/`, { method: 'POST', body: {}, answer: detail }),
    );
  const reveal = async () => {
    const res = await consoleCall(`orders/${id}/reveal/`, {
      method: 'POST',
      answer: consoleAnswer((s) => s.revealAnswerSchema),
      body: {},
    });
    if (res.ok) setEmail(res.data?.email);
    else setOutcome({ ok: false, code: res.code });
  };
  const money = (minor: number) =>
    order ? formatPrice(minor, order.currency as Currency, lang, { precise: true }) : '';
  return (
    <>
      <h1>{t('heading', { id: id.slice(0, 8) })}</h1>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('done') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      {order && (
        <>
          <dl className={styles.facts}>
            <dt>{t('status')}</dt>
            <dd data-testid="order-status">{statusWord(order.status)}</dd>
            <dt>{t('total')}</dt>
            <dd>{money(order.totalMinor)}</dd>
            <dt>{t('refunded')}</dt>
            <dd data-testid="order-refunded">{money(order.refundedMinor)}</dd>
            <dt>{t('customer')}</dt>
            <dd>
              {email ?? order.emailMasked}{' '}
              {!email && (
                <button type="button" onClick={() => void reveal()}>
                  {t('reveal')}
                </button>
              )}{' '}
              <Link href={`/console/${lang}/customers/?order=${id}`}>
                {customerText('account')}
              </Link>
            </dd>
          </dl>
          <h2>{t('actions')}</h2>
          <div className={styles.actions}>
            <form className={styles.actions} onSubmit={(event) => void refund(event)}>
              <label>
                {t('amount')}
                <input name="amount" inputMode="numeric" pattern="\d*" />
              </label>
              <button type="submit" className={styles.button}>
                {t('refund')}
              </button>
            </form>
            <button type="button" className={styles.button} onClick={() => void act('receipt')}>
              {t('resend')}
            </button>
            <button type="button" className={styles.button} onClick={() => void act('cancel')}>
              {t('cancel')}
            </button>
          </div>
          <h2>{t('timeline')}</h2>
          <ol>
            {order.timeline.map((entry, i) => (
              <li key={i}>
                {format.dateTime(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'medium' })}{' '}
                · {kindWord(entry.kind)}: {entry.text}
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
