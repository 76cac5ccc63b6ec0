/* The api runs under tsx from the repository root, whose tsconfig does not cover apps/: the
   pragma keeps the automatic JSX runtime there too. @jsxRuntime automatic @jsxImportSource react */
/**
 * The billing e-mails as React Email templates, in the shopper's language: the receipt and the
 * credit note (sent from the outbox with their PDFs), and the three subscription notices the
 * renewals lane sends (renewal-reminder, payment-failed, subscription-canceled).
 */
import { compile } from 'html-to-text';
import { plainTextSelectors, render } from '@react-email/render';
import { Text } from '@react-email/components';
import type { ReactElement } from 'react';
import { formatPrice, languageOf, type Currency, type Period } from '@checkout/core';
import { periodText, translator } from '../../../mail/messages';
import { MailLayout } from './mail-layout';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Money {
  amountMinor: number;
  currency: Currency;
}

const money = (locale: string, { amountMinor, currency }: Money) =>
  formatPrice(amountMinor, currency, languageOf(locale).localeCode, { precise: true });

/** Intl's formatters are slow to build: one per language, kept for the process. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function longDate(locale: string, iso: string): string {
  const { localeCode } = languageOf(locale);
  let format = dateFormats.get(localeCode);
  if (!format) {
    format = new Intl.DateTimeFormat(localeCode, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(localeCode, format);
  }
  return format.format(new Date(iso));
}

/**
 * The text part from the rendered HTML, as render's plainText option makes it (its toPlainText),
 * with the converter's options compiled once rather than for every mail.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

async function rendered(subject: string, element: ReactElement): Promise<RenderedMail> {
  // Without rendering the element a second time (a backlog of receipts is bound by this CPU).
  const html = await render(element);
  return { subject, html, text: toPlainText(html) };
}

export interface DocumentMailInput extends Money {
  locale: string;
  orderId: string;
  /** The documents attached (one per selling merchant). */
  numbers: readonly string[];
  sellers: readonly string[];
  accountUrl: string;
}

/** One subscription the receipt's order started: when, at what and how often it renews. */
export interface RenewalTerms extends Money {
  /** The plan's title as sold ("Basic · 1 year"). */
  item: string;
  period: Pick<Period, 'interval' | 'unit'>;
  renewsAt: string;
}

/**
 * receipt: the payment taken, the invoice(s) attached, and each subscription's renewal terms
 * with how to cancel (the acknowledgement California's §17602 and EU rules ask for).
 */
export function receiptMail(
  input: DocumentMailInput & { renewals: readonly RenewalTerms[] },
): Promise<RenderedMail> {
  const t = translator(input.locale, 'mail');
  const tDocument = translator(input.locale, 'document');
  const order = input.orderId.slice(0, 8).toUpperCase();
  const text = t('receiptText', {
    amount: money(input.locale, input),
    number: input.numbers.join(', '),
  });
  const renewals = input.renewals.map((renewal) =>
    t('renews', {
      item: renewal.item,
      date: longDate(input.locale, renewal.renewsAt),
      amount: money(input.locale, renewal),
      period: periodText(input.locale, renewal.period),
    }),
  );
  return rendered(
    t('receiptSubject', { order }),
    <MailLayout
      locale={input.locale}
      preview={text}
      heading={t('receiptHeading')}
      action={{ label: t('manage'), href: input.accountUrl }}
      footer={input.sellers.join(' · ')}
    >
      <Text>{text}</Text>
      {renewals.map((renewal) => (
        <Text key={renewal}>{renewal}</Text>
      ))}
      {renewals.length > 0 ? <Text>{tDocument('cancel')}</Text> : null}
    </MailLayout>,
  );
}

/** credit-note: the refund made and the credit note(s) attached. */
export function creditNoteMail(input: DocumentMailInput): Promise<RenderedMail> {
  const t = translator(input.locale, 'mail');
  const order = input.orderId.slice(0, 8).toUpperCase();
  const subject = t('creditNoteSubject', { order });
  const text = t('creditNoteText', {
    amount: money(input.locale, input),
    number: input.numbers.join(', '),
  });
  return rendered(
    subject,
    <MailLayout
      locale={input.locale}
      preview={text}
      heading={subject}
      footer={input.sellers.join(' · ')}
    >
      <Text>{text}</Text>
    </MailLayout>,
  );
}

export interface SubscriptionMailInput extends Money {
  locale: string;
  /** The plan's title as sold ("Plus · 1 year"). */
  plan: string;
}

/** renewal-reminder: sent some days before a yearly renewal (the renewals lane decides when). */
export function renewalReminderMail(
  input: SubscriptionMailInput & { renewsAt: string; accountUrl: string },
): Promise<RenderedMail> {
  const t = translator(input.locale, 'mail');
  const date = longDate(input.locale, input.renewsAt);
  const subject = t('reminderSubject', { date });
  const text = t('reminderText', { plan: input.plan, date, amount: money(input.locale, input) });
  return rendered(
    subject,
    <MailLayout
      locale={input.locale}
      preview={text}
      heading={subject}
      action={{ label: t('manage'), href: input.accountUrl }}
    >
      <Text>{text}</Text>
    </MailLayout>,
  );
}

/** payment-failed: each failed renewal attempt, with the link to the update-card page. */
export function paymentFailedMail(
  input: SubscriptionMailInput & { updateCardUrl: string },
): Promise<RenderedMail> {
  const t = translator(input.locale, 'mail');
  const subject = t('failedSubject');
  const text = t('failedText', { plan: input.plan, amount: money(input.locale, input) });
  return rendered(
    subject,
    <MailLayout
      locale={input.locale}
      preview={text}
      heading={subject}
      action={{ label: t('updateCard'), href: input.updateCardUrl }}
    >
      <Text>{text}</Text>
    </MailLayout>,
  );
}

/** subscription-canceled: the renewal failed for good and the subscription ended. */
export function subscriptionCanceledMail(
  input: Omit<SubscriptionMailInput, keyof Money> & { buyAgainUrl: string },
): Promise<RenderedMail> {
  const t = translator(input.locale, 'mail');
  const subject = t('canceledSubject');
  const text = t('canceledText', { plan: input.plan });
  return rendered(
    subject,
    <MailLayout
      locale={input.locale}
      preview={text}
      heading={subject}
      action={{ label: t('manage'), href: input.buyAgainUrl }}
    >
      <Text>{text}</Text>
    </MailLayout>,
  );
}
