'use client';

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { FunnelRow, ProviderSuccessRow, WeeklyDisputesRow } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import { DataTable, type TableColumn } from './data-table';
import { FunnelChart } from './funnel-chart';
import styles from './console.module.css';

const GROUPS = ['none', 'country', 'language', 'device', 'provider', 'variant'] as const;
const FILTERS = ['country', 'language', 'provider', 'experiment', 'variant'] as const;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 30 days, today included. */
const initialQuery = () => {
  const now = Date.now();
  return new URLSearchParams({ from: isoDay(now - 29 * DAY_MS), to: isoDay(now), groupBy: 'none' });
};

const percent = (part: number, whole: number) =>
  whole ? Math.round((part / whole) * 1000) / 10 : 0;

/** Conversion by step per day, payment success per provider, refunds and chargebacks per week. */
export function FunnelView() {
  const t = useConsoleText('funnels');
  const [query, setQuery] = useState<URLSearchParams>(initialQuery);
  const [funnel, setFunnel] = useState<FunnelRow[]>([]);
  const [providers, setProviders] = useState<ProviderSuccessRow[]>([]);
  const [weeks, setWeeks] = useState<WeeklyDisputesRow[]>([]);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const span = new URLSearchParams({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
    void Promise.all([
      consoleCall(`funnels/?${query}`, { answer: consoleAnswer((s) => s.funnelAnswerSchema) }),
      consoleCall(`funnels/payments/?${span}`, {
        answer: consoleAnswer((s) => s.paymentFiguresAnswerSchema),
      }),
      consoleCall(`funnels/disputes/?${span}`, {
        answer: consoleAnswer((s) => s.disputesAnswerSchema),
      }),
    ]).then(([f, p, w]) => {
      setFailure([f, p, w].find((res) => !res.ok)?.code);
      setFunnel(f.data?.rows ?? []);
      setProviders(p.data?.providers ?? []);
      setWeeks(w.data?.weeks ?? []);
    });
  }, [query]);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setQuery(next);
  };
  const steps = {
    viewed: t('viewed'),
    email: t('email'),
    paymentStarted: t('paymentStarted'),
    paid: t('paid'),
  };
  const funnelColumns = useMemo<TableColumn[]>(
    () => [
      { key: 'day', header: t('day') },
      { key: 'group', header: t('group') },
      ...Object.entries(steps).map(([key, header]) => ({ key, header, numeric: true })),
      { key: 'conversion', header: t('conversion'), numeric: true },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the strings change with the language only
    [t],
  );
  const funnelRows = useMemo(
    () =>
      funnel.map((r) => ({ ...r, group: r.group || '–', conversion: percent(r.paid, r.viewed) })),
    [funnel],
  );
  const providerColumns = useMemo<TableColumn[]>(
    () => [
      { key: 'provider', header: t('provider') },
      { key: 'family', header: t('family') },
      { key: 'method', header: t('method') },
      { key: 'attempts', header: t('attempts'), numeric: true },
      { key: 'succeeded', header: t('succeeded'), numeric: true },
      { key: 'rate', header: t('successRate'), numeric: true },
    ],
    [t],
  );
  const weekColumns = useMemo<TableColumn[]>(
    () => [
      { key: 'week', header: t('week') },
      { key: 'refunds', header: t('refunds'), numeric: true },
      { key: 'chargebacks', header: t('chargebacks'), numeric: true },
    ],
    [t],
  );
  const weekRows = useMemo(() => weeks.map((w) => ({ ...w })), [weeks]);
  const providerRows = useMemo(
    () => providers.map((r) => ({ ...r, rate: percent(r.succeeded, r.attempts) })),
    [providers],
  );
  const csv = (path: string, params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    copy.set('format', 'csv');
    return `/api/console/${path}?${copy}`;
  };
  const span =
    query && new URLSearchParams({ from: query.get('from') ?? '', to: query.get('to') ?? '' });
  return (
    <>
      <h1>{t('heading')}</h1>
      <form className={styles.filters} onSubmit={apply}>
        <label>
          {t('from')}
          <input type="date" name="from" defaultValue={query.get('from') ?? ''} required />
        </label>
        <label>
          {t('to')}
          <input type="date" name="to" defaultValue={query.get('to') ?? ''} required />
        </label>
        <label>
          {t('groupBy')}
          <select name="groupBy" defaultValue={query.get('groupBy') ?? 'none'}>
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`by.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('device')}
          <select name="device" defaultValue={query.get('device') ?? ''}>
            <option value="">{t('any')}</option>
            {(['mobile', 'tablet', 'desktop'] as const).map((d) => (
              <option key={d} value={d}>
                {t(`devices.${d}`)}
              </option>
            ))}
          </select>
        </label>
        {FILTERS.map((name) => (
          <label key={name}>
            {t(name)}
            <input name={name} defaultValue={query.get(name) ?? ''} />
          </label>
        ))}
        <button type="submit" className={styles.button}>
          {t('apply')}
        </button>
      </form>
      {failure && (
        <p role="alert" className={styles.error}>
          {t('failed', { code: failure })}
        </p>
      )}
      <h2>{t('byStep')}</h2>
      <FunnelChart rows={funnel} names={steps} label={t('chart')} />
      <DataTable
        label={t('byStep')}
        columns={funnelColumns}
        rows={funnelRows}
        csvHref={csv('funnels/', query)}
      />
      <h2>{t('payments')}</h2>
      <DataTable
        label={t('payments')}
        columns={providerColumns}
        rows={providerRows}
        csvHref={csv('funnels/payments/', span)}
      />
      <h2>{t('disputes')}</h2>
      <DataTable
        label={t('disputes')}
        columns={weekColumns}
        rows={weekRows}
        csvHref={csv('funnels/disputes/', span)}
      />
    </>
  );
}
