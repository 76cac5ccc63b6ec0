'use client';
/**
 * The checkout's card fields with a "Save card" button: the token goes to the api, which keeps
 * the card for the subscription's renewals (and charges an overdue renewal with it at once).
 * A provider with its own component (Adyen) takes the card there instead, and its encrypted
 * data goes to the api the same way.
 */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { PaymentMethodRequest } from '@checkout/core';
import { CardPayment } from '../../../../components/payments/card-payment';
import { adyenComponentOf } from '../../../../components/payments/adyen/adyen-components';
import { LazyAdyenPayment } from '../../../../components/payments/adyen/lazy-adyen-payment';
import type { AdyenWebConfig } from '../../../../server/adyen-web';
import { browserAnswer } from '../../../../lib/answers';
import { request } from '../../../../lib/http';

interface UpdateCardFormProps {
  subscriptionId: string;
  /** The card fields page; null when the provider takes the card in its own component. */
  fieldsUrl: string | null;
  /** Adyen's components, when Adyen is configured. */
  adyen: AdyenWebConfig | undefined;
  locale: string;
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

  async function save(body: PaymentMethodRequest) {
    setBusy(true);
    setAlert(null);
    setOutcome(null);
    const { data } = await request(`/api/subscriptions/${props.subscriptionId}/payment-method/`, {
      answer: browserAnswer((s) => s.paymentMethodViewSchema),
      method: 'POST',
      body,
    });
    setBusy(false);
    if (!data) return setAlert(t('failed'));
    // Saved either way; a past_due renewal the new card did not pay is still overdue.
    if (props.pastDue && !data.renewed) setAlert(t('declined'));
    else setOutcome(data.renewed ? { kind: 'renewed' } : { kind: 'saved', last4: data.last4 });
    router.refresh();
  }

  const component = props.fieldsUrl ? undefined : adyenComponentOf(props.provider);
  return (
    <>
      {props.fieldsUrl ? (
        <CardPayment
          fieldsUrl={props.fieldsUrl}
          provider={props.provider}
          country={props.country}
          actionLabel={t('save')}
          busy={busy}
          alert={alert}
          onToken={(cardToken) => void save({ cardToken })}
        />
      ) : props.adyen && component ? (
        <LazyAdyenPayment
          config={props.adyen}
          component={component}
          locale={props.locale}
          country={props.country}
          actionLabel={t('save')}
          busy={busy}
          alert={alert}
          // Keeping a card asks for no step of Adyen's: the api answers saved or refused.
          onData={(componentData) => void save({ componentData })}
          onDetails={() => setAlert(t('failed'))}
        />
      ) : (
        <p>{t('failed')}</p>
      )}
      <p role="status" data-element="card-saved">
        {outcome?.kind === 'renewed' ? t('renewed') : null}
        {outcome?.kind === 'saved' ? t('saved', { last4: outcome.last4 }) : null}
      </p>
    </>
  );
}
