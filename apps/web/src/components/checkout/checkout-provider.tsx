'use client';
/**
 * The shopper's checkout: chosen plan (from the plan selection), cross-sell, coupon, e-mail and
 * billing address, kept in a cart on the api once the shopper changes anything. The cart id is
 * mirrored into the address (`cart_id`) so a reload restores everything.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocale } from 'next-intl';
import type { CartPatch, CartView, Currency } from '@checkout/core';
import type { TaxAnswer } from '@checkout/core/contract';
import type { PlanChoice } from '../plans/plan-choice';
import { setAnalyticsContext, track } from '../../analytics/track';
import { usePlanSelection } from '../plans/selection';
import type { Step } from './steps';
import type { CartApi } from './cart-save-queue';
import type { CartFailure } from './cart-client';
import { CartSaveQueue } from './cart-save-queue';

export interface Address {
  country: string;
  region: string | undefined;
  postalCode: string;
}

interface Checkout {
  currency: Currency;
  crossSellPlans: readonly PlanChoice[];
  crossSell: string | null;
  coupon: string | null;
  email: string | null;
  address: Address;
  cart: CartView | null;
  quote: TaxAnswer | null;
  saving: boolean;
  step: Step;
  setStep: (step: Step) => void;
  /** Saves a change; resolves to the failure, if any, for the section that asked. */
  save: (patch: CartPatch) => Promise<CartFailure | null>;
}

const Context = createContext<Checkout | null>(null);

export interface CheckoutInitial {
  cart: CartView | null;
  currency: Currency;
  country: string;
  /**
   * The visitor's region (e.g. "US-NY", resolved on the server against the country: its
   * default where the visitor's own is not one of it) and postal code, from the geoData.
   */
  region?: string | undefined;
  postalCode?: string | undefined;
  crossSell: string | null;
  /**
   * The tax the server quoted for the starting address and this amount (the starting plans'
   * subtotal), when it could: the browser asks for no quote of its own until either changes.
   */
  quote?: { amountMinor: number; answer: TaxAnswer } | null;
  step: Step;
}

/**
 * The cart and tax calls (the HTTP client, the answers' schemas on use, the refusal codes) load
 * with the first of them rather than with the page.
 */
const loadCartClient = () => import('./cart-client');
const cartApi: CartApi = {
  create: (input) => loadCartClient().then((client) => client.createCart(input)),
  update: (id, patch) => loadCartClient().then((client) => client.updateCart(id, patch)),
};

/** Puts the new cart's id in the address; the cart now holds the plan, so `product` goes. */
function rememberCart(id: string): void {
  const url = new URL(window.location.href);
  url.searchParams.set('cart_id', id);
  url.searchParams.delete('product');
  url.searchParams.delete('persist_countdown');
  window.history.replaceState(window.history.state, '', url);
}

export function CheckoutProvider({
  initial,
  crossSellPlans,
  children,
}: {
  initial: CheckoutInitial;
  crossSellPlans: readonly PlanChoice[];
  children: ReactNode;
}) {
  const { selected } = usePlanSelection();
  const locale = useLocale();
  const [cart, setCart] = useState<CartView | null>(initial.cart);
  const [crossSell, setCrossSell] = useState<string | null>(
    initial.cart?.lines.find((l) => l.kind === 'cross_sell')?.plan ?? initial.crossSell,
  );
  const [coupon, setCoupon] = useState<string | null>(initial.cart?.coupon ?? null);
  const [email, setEmail] = useState<string | null>(initial.cart?.email ?? null);
  const [address, setAddress] = useState<Address>(() => ({
    country: initial.cart?.country ?? initial.country,
    region: initial.cart?.region ?? initial.region,
    postalCode: initial.cart?.postalCode ?? initial.postalCode ?? '',
  }));
  const [quote, setQuote] = useState<TaxAnswer | null>(initial.quote?.answer ?? null);
  const [saving, setSaving] = useState(false);
  const [step, setStep] = useState<Step>(initial.step);
  // Changes are sent one after another, each on the cart the previous one left.
  const [queue] = useState(() => new CartSaveQueue(cartApi, initial.cart));

  const save = useCallback(
    async (patch: CartPatch): Promise<CartFailure | null> => {
      if (!selected) return { kind: 'other' };
      setSaving(true);
      const saved = await queue
        .save(patch, () => ({
          mainPlan: selected.identifier,
          crossSellPlan: crossSell,
          coupon,
          email,
          currency: initial.currency,
          country: address.country,
          region: address.region ?? null,
          postalCode: address.postalCode || null,
          // The receipt and invoice are written in the language the shopper bought in.
          locale,
        }))
        .catch(() => null); // the cart client's code did not load: as a network failure
      setSaving(false);
      if (!saved) return { kind: 'other' };
      const { result, created } = saved;
      if (result.error) return (await loadCartClient()).cartFailure(result.error);
      const view = result.data;
      if (!view) return { kind: 'other' };
      setCart(view);
      setCrossSell(view.lines.find((l) => l.kind === 'cross_sell')?.plan ?? null);
      setCoupon(view.coupon);
      setEmail(view.email);
      setAddress({
        country: view.country,
        region: view.region ?? undefined,
        postalCode: view.postalCode ?? '',
      });
      if (created) rememberCart(view.id);
      return null;
    },
    [queue, selected, crossSell, coupon, email, address, initial.currency, locale],
  );

  // A plan change updates an existing cart; a coupon that does not fit the new plan is dropped.
  const lastPlan = useRef(selected?.identifier);
  useEffect(() => {
    if (!selected || !cart || lastPlan.current === selected.identifier) return;
    lastPlan.current = selected.identifier;
    void save({ mainPlan: selected.identifier }).then((failure) => {
      if (failure?.kind === 'coupon') void save({ mainPlan: selected.identifier, coupon: null });
    });
  }, [selected, cart, save]);

  // The tax region the checkout starts with: the visitor's country and its default region
  // (before the plans' events: this effect runs before the plan selection's, its parent's).
  useEffect(() => {
    const preselected = address.region ?? address.country;
    setAnalyticsContext({ taxes: { preselected, selected: preselected } });
    track('taxes_preselected', { section: 'order-summary' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the starting address
  }, []);

  // Every later event names the cart's plans and currency.
  useEffect(() => {
    setAnalyticsContext({
      currency: initial.currency,
      packages: { main_id: selected?.identifier ?? null, cross_sell_id: crossSell },
    });
  }, [initial.currency, selected, crossSell]);

  // Without a cart the summary still shows the tax, quoted for the default address.
  const subtotal = useMemo(() => {
    const main = selected?.price.totalInMinorUnits ?? 0;
    const xs = crossSellPlans.find((p) => p.identifier === crossSell)?.price.totalInMinorUnits ?? 0;
    return main + xs;
  }, [selected, crossSell, crossSellPlans]);
  const serverQuote = useRef(initial.quote);
  useEffect(() => {
    if (cart || !selected) return;
    const given = serverQuote.current;
    serverQuote.current = null;
    if (
      given?.amountMinor === subtotal &&
      address.country === initial.country &&
      address.region === initial.region
    )
      return;
    const controller = new AbortController();
    void loadCartClient()
      .then((client) =>
        client.fetchTaxQuote(address, initial.currency, subtotal, controller.signal),
      )
      .then(({ data }) => {
        if (data) setQuote(data);
      })
      // The cart client's code did not load: no quote, as when the request fails.
      .catch(() => undefined);
    return () => controller.abort();
  }, [cart, selected, address, subtotal, initial.currency, initial.country, initial.region]);

  const value = useMemo<Checkout>(
    () => ({
      currency: initial.currency,
      crossSellPlans,
      crossSell,
      coupon,
      email,
      address,
      cart,
      quote,
      saving,
      step,
      setStep,
      save,
    }),
    [
      initial.currency,
      crossSellPlans,
      crossSell,
      coupon,
      email,
      address,
      cart,
      quote,
      saving,
      step,
      save,
    ],
  );
  return <Context value={value}>{children}</Context>;
}

export function useCheckout(): Checkout {
  const value = useContext(Context);
  if (!value) throw new Error('useCheckout is used outside of CheckoutProvider');
  return value;
}
