'use client';
/**
 * The dashboard's upgrade of a subscription (issue 20, `plan_upgraded`): the button opens a modal
 * dialog listing the longer or higher plans with what each costs today after the credit for the
 * unused time. Choosing one makes an upgrade cart (bound to the logged-in account, priced by the
 * api) and opens the checkout on it, with the spec's `plan_upgraded=1` (the success page's title
 * comes from the order itself).
 */
import { useRef, useState, useTransition } from 'react';
import { useLocale } from 'next-intl';
import { browserAnswer } from '../../../lib/answers';
import { request } from '../../../lib/http';
import { useRouter } from 'next/navigation';
import { localizedPath } from '@checkout/core';
import styles from './dashboard.module.css';
import { DialogEnd } from './dialog-end';
import { DialogOpener } from './dialog-opener';

export interface UpgradeChoice {
  plan: string;
  label: string;
  /** What it costs today, credit shown, as the dashboard prints it. */
  due: string;
}

interface UpgradeActionProps {
  subscriptionId: string;
  productGroup: string | null;
  currency: string;
  country: string;
  choices: UpgradeChoice[];
  text: { label: string; title: string; body: string; none: string; back: string; failed: string };
}

export default function UpgradeAction({
  subscriptionId,
  productGroup,
  currency,
  country,
  choices,
  text,
}: UpgradeActionProps) {
  const router = useRouter();
  const locale = useLocale();
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  const id = `upgrade-${subscriptionId}`;

  const choose = (plan: string) => {
    setFailed(false);
    startTransition(async () => {
      const { data: cart } = await request('/api/carts/', {
        answer: browserAnswer((s) => s.cartViewSchema),
        method: 'POST',
        body: { mainPlan: plan, currency, country, locale, upgradeFrom: subscriptionId },
      });
      if (!cart) {
        setFailed(true);
        return;
      }
      const query = new URLSearchParams({
        cart_id: cart.id,
        ...(productGroup ? { product_group: productGroup } : {}),
        plan_upgraded: '1',
        payment_step: 'payment',
      });
      router.push(`${localizedPath(locale, '/payment/')}?${query}`);
    });
  };

  return (
    <>
      <DialogOpener dialog={dialog} onOpen={() => setFailed(false)}>
        {text.label}
      </DialogOpener>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
        data-element="upgrade-dialog"
      >
        <h2 id={`${id}-title`}>{text.title}</h2>
        <p id={`${id}-body`}>{choices.length > 0 ? text.body : text.none}</p>
        <ul className={styles.choices}>
          {choices.map((choice) => (
            <li key={choice.plan}>
              <button
                type="button"
                className={styles.choice}
                disabled={pending}
                data-plan={choice.plan}
                onClick={() => choose(choice.plan)}
              >
                <strong>{choice.label}</strong>
                <span>{choice.due}</span>
              </button>
            </li>
          ))}
        </ul>
        <DialogEnd dialog={dialog} failed={failed} failedText={text.failed} backText={text.back} />
      </dialog>
    </>
  );
}
