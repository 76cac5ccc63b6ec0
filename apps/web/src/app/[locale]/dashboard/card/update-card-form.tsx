'use client';
/**
 * The checkout's card fields with a "Save card" button: the token goes to the api, which keeps
 * the card for the subscription's renewals (and charges an overdue renewal with it at once).
 * A provider with its own component (Adyen) takes the card there instead, and its encrypted
 * data goes to the api the same way; a 3-D Secure challenge the issuer asks for before the card
 * may be kept runs in that component, and its result goes to the api to finish keeping it.
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

  /** `onStep`: the component's runner of the issuer's challenge, when the api asks for one. */
  async function save(
    body: PaymentMethodRequest,
    onStep?: (action: Record<string, unknown>) => void,
  ) {
    setBusy(true);
    setAlert(null);
    setOutcome(null);
    const { data } = await request(`/api/subscriptions/${props.subscriptionId}/payment-method/`, {
      answer: browserAnswer((s) => s.paymentMethodAnswerSchema),
      method: 'POST',
      body,
    });
    if (data && 'providerAction' in data && onStep) return onStep(data.providerAction);
    setBusy(false);
    if (!data || 'providerAction' in data) return setAlert(t('failed'));
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
          onData={(componentData, onStep) =>
            void save({ componentData }, (action) => onStep(action, ''))
          }
          onDetails={(_orderId, details, onStep) =>
            typeof details.threeDSResult === 'string'
              ? void save({ details: { threeDSResult: details.threeDSResult } }, (action) =>
                  onStep(action, ''),
                )
              : setAlert(t('failed'))
          }
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
