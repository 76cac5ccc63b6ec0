'use client';
/**
 * Why a payment failed, said where the shopper is: placed by the pay button, focused when it
 * appears (the view follows focus) and announced as an alert (WCAG 3.3.1, 4.1.3). A new failure
 * after a new attempt mounts it again, so it is focused and announced again.
 */
import { useEffect, useRef } from 'react';
import styles from './payments.module.css';

export function PaymentAlert({
  message,
  element = 'payment-error',
}: {
  message: string;
  /** Its data-element, for tests and analytics. */
  element?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <p ref={ref} role="alert" tabIndex={-1} className={styles.error} data-element={element}>
      {message}
    </p>
  );
}
