/**
 * The renewals' notices (reminder, failed charge, canceled after dunning) as billing's localized
 * React Email templates, in the language of the purchase that started the subscription.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import type { Mailer } from '../../mail/mailer';
import { orders } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';
import type { RenewalNotices } from '../renewals/notices';
import {
  paymentFailedMail,
  renewalReminderMail,
  subscriptionCanceledMail,
  type RenderedMail,
} from './emails/billing-mails';
import { planFactsFrom } from './issue';

export interface NoticeDeps {
  db: Database;
  catalog: Catalog;
  mailer: Mailer;
  publicOrigin: string;
}

/** The locale the first order's cart was made in; English for rows older than that. */
async function localeOf(db: Database, subscriptionId: string): Promise<string> {
  const [row] = await db
    .select({ snapshot: orders.snapshot })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, subscriptionId));
  return row?.snapshot.locale ?? 'en';
}

export function localizedNotices(deps: NoticeDeps): RenewalNotices {
  const accountUrl = new URL('/dashboard/', deps.publicOrigin).toString();
  const send = (to: string, mail: RenderedMail) =>
    deps.mailer.send({ to, subject: mail.subject, body: mail.text, html: mail.html });
  const facts = async (subscriptionId: string, plan: string) => ({
    locale: await localeOf(deps.db, subscriptionId),
    plan: planFactsFrom(deps.catalog)(plan).title,
  });
  return {
    async renewalReminder(n) {
      const base = await facts(n.subscriptionId, n.plan);
      const mail = await renewalReminderMail({
        ...base,
        amountMinor: n.amountMinor,
        currency: n.currency,
        renewsAt: n.chargeAt.toISOString(),
        accountUrl,
      });
      await send(n.email, mail);
    },
    async paymentFailed(n) {
      const [base, [sub]] = await Promise.all([
        facts(n.subscriptionId, n.plan),
        deps.db
          .select({ amountMinor: subscriptions.nextChargeMinor, currency: subscriptions.currency })
          .from(subscriptions)
          .where(eq(subscriptions.id, n.subscriptionId)),
      ]);
      if (!sub) return;
      await send(
        n.email,
        await paymentFailedMail({ ...base, ...sub, updateCardUrl: n.updateCardUrl }),
      );
    },
    async subscriptionCanceled(n) {
      const base = await facts(n.subscriptionId, n.plan);
      await send(n.email, await subscriptionCanceledMail({ ...base, buyAgainUrl: accountUrl }));
    },
  };
}
