'use client';
/**
 * The success page's conversion, apart from the error screens' event (page-events.tsx): those
 * are in every page's first load, this only in the success page's.
 */
import { useEffect } from 'react';
import { track } from './track';

interface ConversionProps {
  orderId: string;
  revenueMinor: number;
  currency: string;
  /** Spec §9's product id of the order's product. */
  productId: number;
}

/**
 * Once per paid order: a reload or the back button shows the page again, but the browser
 * remembers the order (and the collector keeps one conversion per order in any case).
 */
export function ConversionEvent({ orderId, revenueMinor, currency, productId }: ConversionProps) {
  useEffect(() => {
    const key = `conversion:${orderId}`;
    try {
      if (window.localStorage.getItem(key)) return;
      window.localStorage.setItem(key, '1');
    } catch {
      // Storage refused (private mode): the collector's unique conversion per order still holds.
    }
    track('conversion', {
      section: 'success',
      context: { currency, product_id: productId },
      data: { order_id: orderId, revenue_minor: revenueMinor, currency },
    });
  }, [orderId, revenueMinor, currency, productId]);
  return null;
}
