import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import {
  paymentFailedMail,
  receiptMail,
  renewalReminderMail,
  subscriptionCanceledMail,
} from './billing-mails';

describe('the billing e-mails', () => {
  it('writes the receipt in the order’s language, right to left for Arabic', async () => {
    const mail = await receiptMail({
      locale: 'ar',
      orderId: '0f3c2a1b-0000-4000-8000-000000000000',
      amountMinor: 7788,
      currency: 'EUR',
      numbers: ['AEGIS_VPN-2026-000001'],
      sellers: ['Aegis VPN Ltd.'],
      accountUrl: 'https://checkout.example/ar/dashboard/',
      renewals: [
        {
          item: 'Basic',
          amountMinor: 9999,
          currency: 'EUR',
          period: { interval: 1, unit: 'Year' },
          renewsAt: '2027-03-31T00:00:00Z',
        },
      ],
    });
    expect(mail.subject).toBe('إيصال الطلب 0F3C2A1B');
    expect(mail.text).toContain('Basic: يتجدد تلقائيًا في');
    expect(mail.text).toContain('(فترة الفوترة: سنة)');
    expect(mail.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain('AEGIS_VPN-2026-000001');
    expect(mail.html).toContain('href="https://checkout.example/ar/dashboard/"');
    // The text part is React Email's own conversion of the HTML (its converter compiled once).
    expect(mail.text).toBe(toPlainText(mail.html));
  });

  it('names the date, plan and price of a renewal, and links each dunning mail to the card update', async () => {
    const reminder = await renewalReminderMail({
      locale: 'de',
      plan: 'Plus · 1 Jahr',
      amountMinor: 9999,
      currency: 'EUR',
      renewsAt: '2027-03-31T00:00:00Z',
      accountUrl: 'https://checkout.example/de/dashboard/',
    });
    expect(reminder.subject).toBe('Ihr Abonnement verlängert sich am 31. März 2027');
    expect(reminder.text).toMatch(/für 99,99\s€/);
    const failed = await paymentFailedMail({
      locale: 'ja',
      plan: 'Plus',
      amountMinor: 1200,
      currency: 'JPY',
      updateCardUrl: 'https://checkout.example/ja/update-card/abc/',
    });
    expect(failed.subject).toBe('サブスクリプションを更新できませんでした');
    expect(failed.text).toMatch(/[￥¥]1,200/);
    expect(failed.html).toContain('href="https://checkout.example/ja/update-card/abc/"');
    const ended = await subscriptionCanceledMail({
      locale: 'he',
      plan: 'Plus',
      buyAgainUrl: 'https://checkout.example/he/products/',
    });
    expect(ended.subject).toBe('המינוי שלך הסתיים');
  });
});
