import { describe, expect, it } from 'vitest';
import type { ProviderOption } from '@checkout/core/contract';
import { shownMethods } from './shown-methods';

const option = (id: string, form: ProviderOption['form']): ProviderOption => ({
  id,
  action: form === 'form' ? 'frontend_action' : 'redirect',
  form,
  source: 'regular',
});

describe('the card entries the list shows', () => {
  it('shows one card form, Korean domestic cards and every card method paid on its own page by name', () => {
    const shown = shownMethods([
      {
        method: 'card',
        providers: [
          option('adyen_card', 'form'),
          option('checkout_card', 'form'),
          option('adyen_unionpay', 'redirect'),
        ],
      },
      { method: 'wallet', providers: [option('paypal', 'redirect')] },
    ]);
    expect(shown.map((m) => [m.provider.id, m.card])).toEqual([
      ['adyen_card', true],
      ['adyen_unionpay', false],
      ['paypal', false],
    ]);
  });

  it('makes the first card form the card entry when a redirect card method comes first', () => {
    const shown = shownMethods([
      {
        method: 'card',
        providers: [option('payssion_unionpay', 'redirect'), option('adyen_card', 'form')],
      },
    ]);
    expect(shown.map((m) => [m.provider.id, m.card])).toEqual([
      ['payssion_unionpay', false],
      ['adyen_card', true],
    ]);
  });
});
