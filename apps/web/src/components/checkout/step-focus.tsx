'use client';
/**
 * Moves focus to the section of the current step (or the `focus` parameter's section), unless
 * the focus is in that section already.
 */
import { useEffect, useRef } from 'react';
import { useCheckout } from './checkout-provider';

const SECTION_OF_STEP = { plan: 'plans', account: 'email', payment: 'payment-methods' } as const;

export function StepFocus({ focus }: { focus: string | null }) {
  const { step } = useCheckout();
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    // On arrival only an explicit `focus` or `payment_step` moves focus; later, every step change does.
    if (initial && !focus && step === 'plan') return;
    const name = initial && focus ? focus : SECTION_OF_STEP[step];
    const section = document.querySelector<HTMLElement>(`[data-section="${CSS.escape(name)}"]`);
    // A shopper who moved into the section (a click into the e-mail field) keeps the focus there.
    if (!section || section.contains(document.activeElement)) return;
    section.scrollIntoView({ block: 'start', behavior: initial ? 'auto' : 'smooth' });
    const target = section.querySelector<HTMLElement>('input, select, button, h2');
    if (target?.tagName === 'H2') target.tabIndex = -1;
    target?.focus({ preventScroll: true });
  }, [step, focus]);
  return null;
}
