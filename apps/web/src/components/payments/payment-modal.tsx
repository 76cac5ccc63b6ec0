'use client';
/**
 * A payment step in a dialog over the checkout: a wallet sheet, a BLIK or Pix code, a card's
 * 3-D Secure challenge (these return through /api/processing/iframe/), or the bank-link widget,
 * whose messages are taken only from its own frame and origin and checked against the shared
 * schema. Closing the dialog (Close or Escape) gives the payment up.
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { PROVIDER_LABELS } from '@checkout/core';
import { frameSchemas } from './frame-messages';
import type { PaymentDialog } from './use-pay';
import styles from './payments.module.css';

interface PaymentModalProps {
  dialog: PaymentDialog;
  onDismiss: () => void;
  onLinked: (publicToken: string) => void;
}

export function PaymentModal({ dialog, onDismiss, onLinked }: PaymentModalProps) {
  const t = useTranslations('common');
  const tMethods = useTranslations('paymentMethods');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const handlers = useRef({ onDismiss, onLinked });
  const title = tMethods('dialog', {
    provider: PROVIDER_LABELS[dialog.provider] ?? dialog.provider,
  });

  useEffect(() => {
    handlers.current = { onDismiss, onLinked };
  }, [onDismiss, onLinked]);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  useEffect(() => {
    if (dialog.kind !== 'bank_link') return;
    const origin = new URL(dialog.url).origin;
    const listen = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== origin) return;
      void frameSchemas().then(({ bankLinkMessageSchema }) => {
        const message = bankLinkMessageSchema.safeParse(event.data);
        if (!message.success || !listening) return;
        if (message.data.type === 'linked') handlers.current.onLinked(message.data.publicToken);
        else handlers.current.onDismiss();
      });
    };
    let listening = true;
    window.addEventListener('message', listen);
    return () => {
      listening = false;
      window.removeEventListener('message', listen);
    };
  }, [dialog.kind, dialog.url]);

  return (
    <dialog
      ref={ref}
      className={styles.modal}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the payment is given up through onDismiss, which also unmounts the dialog.
        event.preventDefault();
        handlers.current.onDismiss();
      }}
    >
      <div className={styles.modalBar}>
        <h2 id={titleId} className={styles.modalTitle}>
          {title}
        </h2>
        {/* Focused first, so Escape and Enter close the dialog before the shopper enters the frame. */}
        <button
          type="button"
          className="link-button"
          autoFocus
          onClick={() => handlers.current.onDismiss()}
        >
          {t('close')}
        </button>
      </div>
      <iframe
        ref={frame}
        src={dialog.url}
        title={title}
        className={styles.frame}
        data-element="payment-frame"
      />
    </dialog>
  );
}
