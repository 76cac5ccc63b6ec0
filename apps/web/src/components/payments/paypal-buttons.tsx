'use client';
/**
 * PayPal's own buttons (in-context, spec §3's paypal_incontext) in the express section, through
 * PayPal's JS SDK loaded with `@paypal/paypal-js`: this module is fetched only when PayPal is
 * offered, and it loads PayPal's script with the page's CSP nonce. createOrder starts our payment
 * (PayPal's order id comes back in the answer), onApprove hands that id to our api, which captures
 * it, and the shopper goes on to /processing/; onCancel and onError cancel our payment, so the
 * cart can be paid another way, and a refusal shows the declined or generic message in place.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { PayPalNamespace } from '@paypal/paypal-js';
import {
  keptReturnParams,
  paymentReturnPath,
  PROCESSING_PATH,
  type CartView,
  type PaymentAction,
} from '@checkout/core';
import { useRouter } from '../../i18n/navigation';
import { cancelPayment, startPayment, submitPaymentDetails } from './payment-client';
import { PaymentAlert } from './payment-alert';

export interface PayPalButtonsProps {
  clientId: string;
  cart: Pick<CartView, 'id' | 'currency'>;
}

/** The nonce Next.js put on this page's scripts (the CSP admits PayPal's script with it). */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export default function PayPalButtons({ clientId, cart }: PayPalButtonsProps) {
  const tErrors = useTranslations('paymentErrors');
  const locale = useLocale();
  const router = useRouter();
  const host = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<'declined' | 'generic' | null>(null);
  const { id: cartId, currency } = cart;

  const answered = useEffectEvent((action: PaymentAction) => {
    if (action.type === 'error') {
      setFailure(action.reason === 'declined' ? 'declined' : 'generic');
      return;
    }
    router.push({
      pathname: PROCESSING_PATH,
      query: {
        order_id: action.orderId,
        ...keptReturnParams(new URLSearchParams(window.location.search)),
      },
    });
  });

  useEffect(() => {
    let closed = false;
    let close: (() => Promise<void>) | undefined;
    /** Our order of the attempt PayPal's buttons are paying. */
    let orderId: string | undefined;
    const giveUp = async (reason: 'generic' | null) => {
      if (orderId) await cancelPayment(orderId);
      orderId = undefined;
      setFailure(reason);
    };
    const render = async () => {
      const { loadScript } = await import('@paypal/paypal-js');
      const paypal: PayPalNamespace | null = await loadScript({
        clientId,
        currency,
        intent: 'capture',
        components: 'buttons',
        dataCspNonce: pageNonce(),
      });
      if (closed || !paypal?.Buttons || !host.current) return;
      const buttons = paypal.Buttons({
        style: { layout: 'horizontal', tagline: false, height: 40 },
        createOrder: async () => {
          setFailure(null);
          const returnPath = paymentReturnPath(
            locale,
            new URLSearchParams(window.location.search),
            false,
          );
          const { data } = await startPayment(
            { cartId, provider: 'paypal_incontext', returnPath },
            crypto.randomUUID(),
          );
          const paypalOrder = data?.type === 'frontend_action' && data.providerAction?.orderID;
          if (!data || typeof paypalOrder !== 'string') throw new Error('no PayPal order');
          orderId = data.orderId;
          return paypalOrder;
        },
        onApprove: async ({ orderID }) => {
          if (!orderId) return;
          const { data } = await submitPaymentDetails({
            orderId,
            details: { redirectResult: orderID },
          });
          if (data) answered(data);
          else await giveUp('generic');
        },
        onCancel: () => {
          void giveUp(null);
        },
        onError: () => {
          void giveUp('generic');
        },
      });
      close = () => buttons.close();
      await buttons.render(host.current);
    };
    render().catch(() => setFailure('generic'));
    return () => {
      closed = true;
      void close?.().catch(() => undefined);
    };
  }, [clientId, cartId, currency, locale]);

  return (
    <>
      {failure ? (
        <PaymentAlert
          element="one-click-error"
          message={failure === 'declined' ? tErrors('declined') : tErrors('generic')}
        />
      ) : null}
      <div ref={host} data-element="one-click-paypal_incontext" />
    </>
  );
}
