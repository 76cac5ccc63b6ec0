import { getTranslations } from 'next-intl/server';
import { Stepper } from '../../../components/checkout/stepper';
import { CheckoutSection } from '../../../components/checkout/checkout-section';
import styles from './payment.module.css';

export default async function PaymentPage() {
  const t = await getTranslations('payment');
  return (
    <div className={styles.page}>
      <Stepper current="plan" />
      <div className={styles.columns}>
        <div className={styles.main}>
          <CheckoutSection name="plans" title={t('sections.plans')} />
          <CheckoutSection
            name="email"
            title={t('sections.email')}
            hint={t('sections.emailHint')}
          />
          <CheckoutSection name="cross-sell" title={t('sections.crossSell')} />
          <CheckoutSection name="one-click-payments" title={t('sections.oneClick')} />
          <CheckoutSection name="payment-methods" title={t('sections.methods')} />
        </div>
        <aside className={styles.side}>
          <CheckoutSection name="order-summary" title={t('sections.summary')} />
        </aside>
      </div>
    </div>
  );
}
