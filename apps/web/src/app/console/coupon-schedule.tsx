'use client';

import type { FormEvent } from 'react';
import type { ConsoleCouponRow } from '@checkout/core/contract';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

/** An instant as a datetime-local field shows it: in the operator's time zone, to the minute. */
function localOf(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A coupon's start and end, changed in its row; the api refuses an end before its start. */
export function CouponSchedule({
  coupon,
  onSave,
  onCancel,
}: {
  coupon: ConsoleCouponRow;
  onSave: (window: { validFrom: string; validUntil: string }) => void;
  onCancel: () => void;
}) {
  const t = useConsoleText('coupons');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const instant = (name: string) => {
      const value = form.get(name);
      return new Date(typeof value === 'string' ? value : '').toISOString();
    };
    onSave({ validFrom: instant('validFrom'), validUntil: instant('validUntil') });
  };
  return (
    <form className={styles.rowActions} aria-label={t('reschedule')} onSubmit={submit}>
      <label>
        {t('validFrom')}
        <input
          name="validFrom"
          type="datetime-local"
          required
          defaultValue={localOf(coupon.validFrom)}
        />
      </label>
      <label>
        {t('validUntil')}
        <input
          name="validUntil"
          type="datetime-local"
          required
          defaultValue={localOf(coupon.validUntil)}
        />
      </label>
      <button type="submit" className={styles.button}>
        {t('saveSchedule')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </form>
  );
}
