import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EXPOSURE_EVENT, recordExposure, type ExposureDetail } from './exposure';

/** The browser's window, as far as exposures use it: events and the address. */
const fakeWindow = Object.assign(new EventTarget(), {
  location: { pathname: '/payment/', search: '' },
});
const goTo = (pathname: string, search = '') =>
  Object.assign(fakeWindow.location, { pathname, search });

describe('recordExposure', () => {
  const heard: ExposureDetail[] = [];
  beforeAll(() => {
    vi.stubGlobal('window', fakeWindow);
    fakeWindow.addEventListener(EXPOSURE_EVENT, (event) => {
      heard.push((event as CustomEvent<ExposureDetail>).detail);
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('announces each experiment and variant once per page view, and again on the next one', () => {
    goTo('/payment/', '?product_group=vpn');
    recordExposure('big-payment-cta', 'big');
    recordExposure('big-payment-cta', 'big');
    recordExposure('plan-title', 'control');
    expect(heard).toEqual([
      { experimentId: 'big-payment-cta', variant: 'big' },
      { experimentId: 'plan-title', variant: 'control' },
    ]);
    goTo('/payment/', '?product_group=vpn&payment_step=payment');
    recordExposure('big-payment-cta', 'big');
    expect(heard).toHaveLength(3);
  });
});
