'use client';
/**
 * The checkout's card fields with a "Save card" button: the token goes to the api, which keeps
 * the card for the subscription's renewals (and charges an overdue renewal with it at once).
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { PaymentMethodView } from '@checkout/core';
import { CardPayment } from '../../../../components/payments/card-payment';
import { request } from '../../../../lib/http';

interface UpdateCardFormProps {
  subscriptionId: string;
  fieldsUrl: string;
  provider: string;
  country: string;
  pastDue: boolean;
}

type Outcome = { kind: 'saved'; last4: string } | { kind: 'renewed' };

export default function UpdateCardForm(props: UpdateCardFormProps) {
  const t = useTranslations('updateCard');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function save(cardToken: string) {
    setBusy(true);
    setAlert(null);
    setOutcome(null);
    const { data } = await request<PaymentMethodView>(
      `/api/subscriptions/${props.subscriptionId}/payment-method/`,
      { method: 'POST', body: { cardToken } },
    );
    setBusy(false);
    if (!data) return setAlert(t('failed'));
    // Saved either way; a past_due renewal the new card did not pay is still overdue.
    if (props.pastDue && !data.renewed) setAlert(t('declined'));
    else setOutcome(data.renewed ? { kind: 'renewed' } : { kind: 'saved', last4: data.last4 });
    router.refresh();
  }

  return (
    <>
      <CardPayment
        fieldsUrl={props.fieldsUrl}
        provider={props.provider}
        country={props.country}
        actionLabel={t('save')}
        busy={busy}
        alert={alert}
        onToken={(token) => void save(token)}
      />
      <p role="status" data-element="card-saved">
        {outcome?.kind === 'renewed' ? t('renewed') : null}
        {outcome?.kind === 'saved' ? t('saved', { last4: outcome.last4 }) : null}
      </p>
    </>
  );
}
