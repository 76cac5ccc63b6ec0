'use client';
/**
 * The open dialog of a payment, if it has one. The dialog's code is fetched once the page has
 * hydrated, not with it: no payment step opens before the shopper pays.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { usePay } from './use-pay';

const loadModal = () => import('./payment-modal');
const PaymentModal = lazy(() => loadModal().then((m) => ({ default: m.PaymentModal })));

export function PaymentDialogHost({
  dialog,
  exchange,
  dismiss,
}: Pick<ReturnType<typeof usePay>, 'dialog' | 'exchange' | 'dismiss'>) {
  useEffect(() => {
    void loadModal();
  }, []);
  return dialog ? (
    <Suspense fallback={null}>
      <PaymentModal
        dialog={dialog}
        onDismiss={() => void dismiss()}
        onLinked={(publicToken) => void exchange(publicToken)}
      />
    </Suspense>
  ) : null;
}
