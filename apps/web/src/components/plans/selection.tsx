'use client';
/**
 * The plan the shopper has chosen, shared by the plan picker and the order summary. The choice
 * is mirrored into the address (`product`) without a server round trip, so a reload keeps it.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { analyticsPlanRef } from '@checkout/core';
import { setAnalyticsContext, track } from '../../analytics/track';
import type { PlanChoice } from './plan-choice';

interface Selection {
  plans: readonly PlanChoice[];
  selected: PlanChoice | undefined;
  select: (identifier: string) => void;
}

const Context = createContext<Selection | null>(null);

export function PlanSelectionProvider({
  plans,
  initial,
  children,
}: {
  plans: readonly PlanChoice[];
  initial: string | undefined;
  children: ReactNode;
}) {
  const [identifier, setIdentifier] = useState(initial);
  // A plan list shown: what was displayed and which plan came preselected.
  useEffect(() => {
    const displayed = plans.map((p) => analyticsPlanRef(p.identifier));
    const preselected = initial ? analyticsPlanRef(initial) : null;
    setAnalyticsContext({
      plans: { displayed, loaded: displayed, preselected, selected: preselected },
    });
    track('plans_displayed', { section: 'plans' });
    if (preselected) track('plans_preselected', { section: 'plans' });
  }, [plans, initial]);
  const select = useCallback((next: string) => {
    setIdentifier(next);
    setAnalyticsContext({ plans: { selected: analyticsPlanRef(next) } });
    track('plans_selected', { section: 'plans', element: `plan-${next}` });
    const url = new URL(window.location.href);
    // With a cart, the cart holds the plan and `product` leaves the address (spec §4).
    if (url.searchParams.has('cart_id')) url.searchParams.delete('product');
    else url.searchParams.set('product', next);
    window.history.replaceState(window.history.state, '', url);
  }, []);
  const value = useMemo(
    () => ({ plans, selected: plans.find((p) => p.identifier === identifier), select }),
    [plans, identifier, select],
  );
  return <Context value={value}>{children}</Context>;
}

export function usePlanSelection(): Selection {
  const value = useContext(Context);
  if (!value) throw new Error('usePlanSelection is used outside of PlanSelectionProvider');
  return value;
}
