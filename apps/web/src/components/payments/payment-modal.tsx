'use client';
/** The gateway in a modal over the checkout (flag iframe-modal-3ds), for card payments. */
import { useEffect, useRef } from 'react';
import { useTranslations } from 'next-intl';
import styles from './payments.module.css';

export function PaymentModal({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useTranslations('common');
  const tMethods = useTranslations('paymentMethods');
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  return (
    <dialog ref={ref} className={styles.modal} onClose={onClose} aria-label={tMethods('choose')}>
      <iframe
        src={url}
        title={tMethods('choose')}
        className={styles.frame}
        data-element="payment-frame"
      />
      <button type="button" className="link-button" onClick={() => ref.current?.close()}>
        {t('close')}
      </button>
    </dialog>
  );
}
