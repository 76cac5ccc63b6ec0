/**
 * The methods the list shows, and the one it opens with. Shared by the list and by the
 * `payments_preselected` event, so the event names the method the shopper sees chosen.
 */
import { isKoreanCardProvider, type MethodGroup } from '@checkout/core';
import type { ProviderOption } from '@checkout/core/contract';

export interface MethodGroupOption {
  method: MethodGroup;
  providers: ProviderOption[];
}

export interface ShownMethod {
  provider: ProviderOption;
  method: MethodGroup;
  /** The one card entry (the first card form); other card methods are shown by name. */
  card: boolean;
}

/**
 * One card entry, handled by the first card provider that takes the card in a form; Korean
 * domestic cards, and card methods paid on their own page (UnionPay), by name; others as they
 * come.
 */
export function shownMethods(groups: readonly MethodGroupOption[]): ShownMethod[] {
  return groups.flatMap<ShownMethod>(({ method, providers }) => {
    if (method !== 'card') return providers.map((provider) => ({ provider, method, card: false }));
    const entry = providers.find((p) => p.form === 'form');
    return providers
      .filter((p) => p === entry || isKoreanCardProvider(p.id) || p.form !== 'form')
      .map((provider) => ({ provider, method, card: provider === entry }));
  });
}

/** `payment_provider` (or `provider`) when it is shown, else the first method shown. */
export function openingMethod(ids: readonly string[], preselect: string | null): string | null {
  return preselect !== null && ids.includes(preselect) ? preselect : (ids[0] ?? null);
}
