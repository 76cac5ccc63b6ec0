'use client';
/**
 * The coupon field: apply, see why a code was declined, remove. A coupon applied for a product is
 * remembered in this browser and applied again on the product's next visit.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { couponStorageKey, type CouponRefusal } from '@checkout/core';
import { setAnalyticsContext, track } from '../../analytics/track';
import { readStored, writeStored } from '../../lib/browser-storage';
import { useCheckout } from './checkout-provider';

import styles from './coupon-field.module.css';

type CouponStatus = 'initiated' | 'applied' | 'declined' | 'removed';

function trackCoupon(status: CouponStatus, code: string | null, reason?: string): void {
  setAnalyticsContext({ coupon: { status, code: code?.toUpperCase() ?? null } });
  track(`coupon_${status}`, {
    section: 'order-summary',
    element: 'coupon-form',
    ...(reason ? { context: { error_message: reason } } : {}),
  });
}

type Status =
  | { kind: 'idle' }
  | { kind: 'applied'; code: string }
  | { kind: 'removed' }
  | { kind: 'declined'; reason: CouponRefusal | 'network'; code: string };

export function CouponField({
  initialCode,
  product,
}: {
  initialCode: string | null;
  product: string;
}) {
  const t = useTranslations('coupon');
  const tp = useTranslations('paymentErrors');
  const { coupon, save, saving } = useCheckout();
  const [open, setOpen] = useState(Boolean(initialCode));
  const [value, setValue] = useState(initialCode ?? '');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = useId();

  // Each view replaces the element the shopper just used (the toggle, the form, the remove
  // button): the focus follows to the new view instead of falling to the page's body.
  const view = coupon ? 'applied' : open ? 'form' : 'closed';
  const shopperActed = useRef(false);
  const field = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Not for a coupon applied on arrival: the shopper is elsewhere on the page.
    if (!shopperActed.current) return;
    shopperActed.current = false;
    ({ applied: removeButton, form: field, closed: toggle })[view].current?.focus();
  }, [view]);

  const storageKey = couponStorageKey(product);
  const apply = async (code: string, remembered = false) => {
    trackCoupon('initiated', code);
    const failure = await save({ coupon: code });
    if (!failure) {
      writeStored('local', storageKey, code.toUpperCase());
      trackCoupon('applied', code);
      return setStatus({ kind: 'applied', code: code.toUpperCase() });
    }
    trackCoupon('declined', code, failure.kind === 'coupon' ? failure.reason : 'network');
    // A remembered coupon that no longer applies is forgotten quietly: the shopper did not type it.
    if (remembered && failure.kind === 'coupon') return writeStored('local', storageKey, null);
    setStatus({
      kind: 'declined',
      code,
      reason: failure.kind === 'coupon' ? failure.reason : 'network',
    });
  };

  // A coupon in the address (`coupon`), else the one remembered for this product, is applied
  // once, as if typed in.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    // A cart that already holds a coupon keeps it unless the address names another.
    const code = initialCode ?? (coupon ? null : readStored('local', storageKey));
    if (!code || coupon === code.toUpperCase()) return;
    applied.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- state changes only after the api answers
    void apply(code, !initialCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the address's coupon
  }, []);

  const declinedMessage = (s: Extract<Status, { kind: 'declined' }>) => {
    switch (s.reason) {
      case 'network':
        return t('network');
      case 'expired':
        return t('expired');
      case 'not_redeemable':
        return t('notRedeemable');
      case 'better_deal_available':
        return t('betterDeal');
      case 'already_used':
        return s.code
          ? tp('couponUsedWithCode', { coupon: s.code.toUpperCase() })
          : tp('couponUsed');
      default:
        return t('invalid');
    }
  };

  if (coupon) {
    return (
      <div className={styles.applied} data-element="coupon-applied">
        <p role="status">{t('applied', { code: coupon })}</p>
        <button
          ref={removeButton}
          type="button"
          className="link-button"
          disabled={saving}
          onClick={() => {
            shopperActed.current = true;
            void save({ coupon: null }).then((f) => {
              if (f) return;
              writeStored('local', storageKey, null);
              trackCoupon('removed', coupon);
              setStatus({ kind: 'removed' });
            });
          }}
        >
          {t('remove')}
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <>
        {status.kind === 'removed' ? (
          <p role="status" className={styles.note}>
            {t('removed')}
          </p>
        ) : null}
        <button
          ref={toggle}
          type="button"
          className="link-button"
          onClick={() => {
            shopperActed.current = true;
            setOpen(true);
          }}
          data-element="coupon-toggle"
        >
          {t('toggle')}
        </button>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    shopperActed.current = true;
    void apply(value.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-element="coupon-form">
      <label htmlFor={id} className={styles.label}>
        {t('label')}
      </label>
      <div className={styles.row}>
        <input
          ref={field}
          id={id}
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={status.kind === 'declined' || undefined}
          aria-describedby={status.kind === 'declined' ? `${id}-error` : undefined}
          className={styles.input}
        />
        <button type="submit" className="button button-secondary" disabled={saving}>
          {saving ? t('applying') : t('apply')}
        </button>
      </div>
      {status.kind === 'declined' ? (
        <p
          id={`${id}-error`}
          role="alert"
          className={styles.error}
          data-coupon-failure={status.reason}
        >
          {declinedMessage(status)}
        </p>
      ) : null}
      {status.kind === 'removed' ? (
        <p role="status" className={styles.note}>
          {t('removed')}
        </p>
      ) : null}
    </form>
  );
}
