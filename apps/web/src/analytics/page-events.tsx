'use client';
/** Events a server-rendered screen reports once it is shown: an error screen, a paid order. */
import { useEffect } from 'react';
import { analyticsProductId } from '@checkout/core';
import { track } from './track';

export function ErrorEvent({ label }: { label: string }) {
  useEffect(() => {
    track('error', { context: { error_message: label } });
  }, [label]);
  return null;
}

interface ConversionProps {
  orderId: string;
  revenueMinor: number;
  currency: string;
  productGroup: string | null;
}

/**
 * Once per paid order: a reload or the back button shows the page again, but the browser
 * remembers the order (and the collector keeps one conversion per order in any case).
 */
export function ConversionEvent({
  orderId,
  revenueMinor,
  currency,
  productGroup,
}: ConversionProps) {
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
      context: { currency, product_id: analyticsProductId(productGroup) },
      data: { order_id: orderId, revenue_minor: revenueMinor, currency },
    });
  }, [orderId, revenueMinor, currency, productGroup]);
  return null;
}
