'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useFormatter } from 'next-intl';
import type { ConsoleCouponRow } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { CouponSchedule } from './coupon-schedule';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

const coupon = consoleAnswer((s) => s.consoleCouponRowSchema);

/** A form field's text ('' when absent). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A datetime-local field, in the operator's time zone, as an instant. */
const isoOf = (form: FormData, name: string) => new Date(textOf(form, name)).toISOString();

/** Coupons with their usage: created, limited, rescheduled, disabled (the api checks the role). */
export function CouponManager() {
  const t = useConsoleText('coupons');
  const format = useFormatter();
  const [coupons, setCoupons] = useState<ConsoleCouponRow[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; code?: string | undefined }>();
  // Bumped after each change: the effect reads the catalog again.
  const [reads, setReads] = useState(0);
  useEffect(() => {
    void consoleCall('catalog/', { answer: consoleAnswer((s) => s.consoleCatalogSchema) }).then(
      (res) =>
        res.ok ? setCoupons(res.data?.coupons ?? []) : setOutcome({ ok: false, code: res.code }),
    );
  }, [reads]);
  const settle = (res: { ok: boolean; code?: string | undefined }) => {
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok) setReads((n) => n + 1);
  };
  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const limit = textOf(form, 'maxRedemptions');
    const body = {
      code: textOf(form, 'code'),
      percentOff: Number(form.get('percentOff')),
      plans: textOf(form, 'plans')
        .split(/[\s,]+/)
        .filter(Boolean),
      validFrom: isoOf(form, 'validFrom'),
      validUntil: isoOf(form, 'validUntil'),
      maxRedemptions: limit ? Number(limit) : null,
      oncePerEmail: form.get('oncePerEmail') === 'on',
    };
    settle(await consoleCall('coupons/', { method: 'POST', body, answer: coupon }));
  };
  const change = async (code: string, body: object) => {
    const res = await consoleCall(`coupons/${encodeURIComponent(code)}/`, {
      method: 'POST',
      body,
      answer: coupon,
    });
    settle(res);
    return res.ok;
  };
  // The coupon whose dates are being changed in its row.
  const [editing, setEditing] = useState<string>();
  const reschedule = async (code: string, window: object) => {
    if (await change(code, window)) setEditing(undefined);
  };
  const limit = (coupon: ConsoleCouponRow) => {
    const value = window.prompt(t('limitPrompt'), String(coupon.maxRedemptions ?? ''));
    if (value !== null) void change(coupon.code, { maxRedemptions: value ? Number(value) : null });
  };
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  return (
    <>
      <h1>{t('heading')}</h1>
      {outcome && (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? styles.notice : styles.error}
        >
          {outcome.ok ? t('done') : t('failed', { code: outcome.code ?? '' })}
        </p>
      )}
      <h2>{t('create')}</h2>
      <form className={styles.filters} onSubmit={(event) => void create(event)}>
        <label>
          {t('code')}
          <input name="code" required pattern="[A-Z0-9][A-Z0-9_\-]{2,31}" />
        </label>
        <label>
          {t('percentOff')}
          <input name="percentOff" type="number" min={1} max={90} required />
        </label>
        <label>
          {t('plans')}
          <input name="plans" required />
        </label>
        <label>
          {t('validFrom')}
          <input name="validFrom" type="datetime-local" required />
        </label>
        <label>
          {t('validUntil')}
          <input name="validUntil" type="datetime-local" required />
        </label>
        <label>
          {t('maxRedemptions')}
          <input name="maxRedemptions" type="number" min={1} />
        </label>
        <label>
          <span>
            <input name="oncePerEmail" type="checkbox" /> {t('oncePerEmail')}
          </span>
        </label>
        <button type="submit" className={styles.button}>
          {t('submit')}
        </button>
      </form>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('code')}</th>
            <th>{t('percentOff')}</th>
            <th>{t('window')}</th>
            <th>{t('used')}</th>
            <th>{t('state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.code} data-testid={`coupon-${c.code}`}>
              <td>{c.code}</td>
              <td>{c.percentOff} %</td>
              <td>
                {editing === c.code ? (
                  <CouponSchedule
                    coupon={c}
                    onSave={(window) => void reschedule(c.code, window)}
                    onCancel={() => setEditing(undefined)}
                  />
                ) : (
                  `${when(c.validFrom)} – ${when(c.validUntil)}`
                )}
              </td>
              <td>
                {c.maxRedemptions === null
                  ? c.redemptions
                  : t('usedOf', { used: c.redemptions, max: c.maxRedemptions })}
              </td>
              <td>{c.disabled ? t('disabled') : t('enabled')}</td>
              <td>
                <div className={styles.rowActions}>
                  <button type="button" onClick={() => limit(c)}>
                    {t('limit')}
                  </button>
                  <button type="button" onClick={() => setEditing(c.code)}>
                    {t('reschedule')}
                  </button>
                  <button
                    type="button"
                    onClick={() => void change(c.code, { disabled: !c.disabled })}
                  >
                    {c.disabled ? t('enable') : t('disable')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
