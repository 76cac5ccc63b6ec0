'use client';

import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useFormatter, useLocale } from 'next-intl';
import { formatPrice, type Currency, type OrderStatus } from '@checkout/core';
import type { ConsoleOrderRow } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

const FIELDS = ['email', 'orderId', 'paymentId'] as const;

export function OrderSearch({ statuses }: { statuses: readonly OrderStatus[] }) {
  const t = useConsoleText('search');
  const statusWord = useConsoleText('orderStatus');
  const format = useFormatter();
  const lang = useLocale();
  const [rows, setRows] = useState<ConsoleOrderRow[]>();
  const [error, setError] = useState<string>();
  // The last search's filters, which the export (finance and admin: the api decides) takes too.
  const [filters, setFilters] = useState<string>();
  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) query.set(name, value.trim());
    }
    const res = await consoleCall(`orders/?${query.toString()}`, {
      answer: consoleAnswer((s) => s.orderSearchAnswerSchema),
    });
    setError(res.ok ? undefined : res.code);
    setRows(res.data?.orders ?? []);
    setFilters(query.toString());
  };
  return (
    <>
      <h1>{t('heading')}</h1>
      {/* POST: submitted before the page hydrates, the browser would put an e-mail in the URL. */}
      <form className={styles.filters} method="post" onSubmit={(event) => void search(event)}>
        {FIELDS.map((field) => (
          <label key={field}>
            {t(field)}
            <input name={field} type={field === 'email' ? 'email' : 'text'} />
          </label>
        ))}
        <label>
          {t('status')}
          <select name="status" defaultValue="">
            <option value="">{t('any')}</option>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusWord(status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('from')}
          <input name="from" type="date" />
        </label>
        <label>
          {t('to')}
          <input name="to" type="date" />
        </label>
        <button type="submit" className={styles.button}>
          {t('submit')}
        </button>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {t('failed', { code: error })}
        </p>
      )}
      {rows?.length === 0 && !error && <p>{t('empty')}</p>}
      {rows && rows.length > 0 && (
        <p>
          <a href={`/api/console/orders/export/?${filters ?? ''}`} download>
            {t('export')}
          </a>
        </p>
      )}
      {rows && rows.length > 0 && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('date')}</th>
              <th>{t('orderId')}</th>
              <th>{t('customer')}</th>
              <th>{t('status')}</th>
              <th>{t('total')}</th>
              <th>{t('provider')}</th>
              <th>{t('country')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((order) => (
              <tr key={order.id}>
                <td>
                  {format.dateTime(new Date(order.createdAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </td>
                <td>
                  <Link href={`/console/${lang}/orders/${order.id}/`}>{order.id.slice(0, 8)}</Link>
                </td>
                <td>{order.emailMasked}</td>
                <td>{statusWord(order.status)}</td>
                <td>
                  {formatPrice(order.totalMinor, order.currency as Currency, lang, {
                    precise: true,
                  })}
                </td>
                <td>{order.provider}</td>
                <td>{order.country}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
