import { describe, expect, it } from 'vitest';
import type { ProviderOption } from '@checkout/core/contract';
import { withAdyenWallets } from './adyen-components';

const option = (id: string, configuration?: Record<string, string>): ProviderOption => ({
  id,
  action: 'frontend_action',
  form: 'form',
  source: 'regular',
  ...(configuration ? { configuration } : {}),
});

describe("Adyen's wallets in the payment methods list", () => {
  const applePay = option('adyen_applepay', { merchantId: 'merchant.x', merchantName: 'X' });
  const card = { method: 'card' as const, providers: [option('adyen_card')] };

  it('adds the one-click list’s Adyen wallets, configuration and all, as wallets', () => {
    const oneClick = [applePay, option('amazon_pay_widget')];
    expect(withAdyenWallets([card], oneClick)).toEqual([
      card,
      { method: 'wallet', providers: [applePay] },
    ]);
  });

  it('joins the wallets the list already has, and changes nothing without Adyen wallets', () => {
    const wallets = { method: 'wallet' as const, providers: [option('adyen_gopay')] };
    expect(withAdyenWallets([card, wallets], [applePay])).toEqual([
      card,
      { method: 'wallet', providers: [option('adyen_gopay'), applePay] },
    ]);
    expect(withAdyenWallets([card], [option('amazon_pay_widget')])).toEqual([card]);
  });
});
