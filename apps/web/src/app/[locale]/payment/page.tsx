import { getTranslations } from 'next-intl/server';
import { isEnabled } from '@checkout/core';
import { Stepper } from '../../../components/checkout/stepper';
import { CheckoutSection } from '../../../components/checkout/checkout-section';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { initialPlan } from '../../../components/plans/initial-plan';
import { OrderSummary } from '../../../components/plans/order-summary';
import { PlanFilters } from '../../../components/plans/plan-filters';
import { PlanPicker } from '../../../components/plans/plan-picker';
import { PlanSelectionProvider } from '../../../components/plans/selection';
import { getAppContext, getRequestUrl } from '../../../server/app-context.server';
import { getBrand } from '../../../server/brand.server';
import { loadCheckoutPlans } from '../../../server/checkout.server';
import { getShellInfo } from '../../../server/shell.server';
import styles from './payment.module.css';

export default async function PaymentPage() {
  const [t, checkout, context, url] = await Promise.all([
    getTranslations('payment'),
    loadCheckoutPlans(),
    getAppContext(),
    getRequestUrl(),
  ]);
  if (!checkout.pkg) {
    // The page's data failed to load: the generic 500 screen, without the profile area.
    console.error('pricing unavailable', checkout.error?.message);
    const { links } = await getShellInfo();
    return <ErrorScreen status={500} hideProfile {...links} />;
  }
  const locale = context.language.localeCode;
  const flags = context.featureFlags;
  const productName = getBrand().products[checkout.group].name;
  return (
    <PlanSelectionProvider
      // A new plan list (another subgroup, quota or currency) starts a fresh selection.
      key={checkout.pkg.plans.map((p) => p.identifier).join()}
      plans={checkout.pkg.plans}
      initial={initialPlan(checkout.pkg.plans, checkout.preselect)}
    >
      <div className={styles.page}>
        <Stepper current="plan" />
        <div className={styles.columns}>
          <div className={styles.main}>
            <CheckoutSection name="plans" title={t('sections.plans')}>
              <PlanFilters
                group={checkout.group}
                filters={checkout.filters}
                params={url.searchParams}
              />
              <PlanPicker
                locale={locale}
                periodDropdown={flags['plan-period-dropdown'] !== 'off'}
                renewalDisclaimer={isEnabled(flags, 'renewal-price-disclaimer')}
              />
            </CheckoutSection>
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
            <CheckoutSection name="order-summary" title={t('sections.summary')}>
              <OrderSummary locale={locale} productName={productName} />
            </CheckoutSection>
          </aside>
        </div>
      </div>
    </PlanSelectionProvider>
  );
}
