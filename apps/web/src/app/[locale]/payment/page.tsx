import { getTranslations } from 'next-intl/server';
import { isEnabled, planBadgesFor } from '../../../rules/feature-flags';
import { isFlagOn, resolveRegion, statementLine } from '@checkout/core';
import { readQueryParam } from '../../../rules/query-params';
import type { PlanView } from '@checkout/core/contract';
import { CheckoutProvider } from '../../../components/checkout/checkout-provider';
import { STEPS } from '../../../components/checkout/steps';
import { CheckoutSection } from '../../../components/checkout/checkout-section';
import { EmailSection } from '../../../components/checkout/email-section';
import {
  PAYING_SECTIONS,
  sectionOrder,
  type Section,
} from '../../../components/checkout/section-order';
import {
  LazyAddressFields,
  LazyCountdown,
  LazyCouponField,
  LazyCrossSellSection,
  LazySignUpSection,
  LazyExperimentExposures,
  LazyOrderSummary,
  LazyStepFocus,
  LazyStepper,
} from '../../../components/checkout/lazy-sections';
import '../../../components/checkout/deferred-styles';
import { ErrorScreen } from '../../../components/errors/error-screen';
import {
  LazyOneClickPayments,
  LazyPaymentMethods,
  LazyRenewalTerms,
} from '../../../components/payments/lazy-payments';
import { initialPlan, planByPriceId } from '../../../components/plans/initial-plan';
import { PlanFilters } from '../../../components/plans/plan-filters';
import { planChoice } from '../../../components/plans/plan-choice';
import { PlanPicker } from '../../../components/plans/plan-picker';
import { PlanSelectionProvider } from '../../../components/plans/selection';
import { PageMessages } from '../../../components/shell/page-messages';
import type { ReactNode } from 'react';
import { checkoutVariants } from '../../../experiments/checkout-variants';
import {
  getActiveExperiments,
  getAppContext,
  getRequestUrl,
} from '../../../server/app-context.server';
import { getBrand } from '../../../server/brand.server';
import { loadCart } from '../../../server/cart.server';
import { loadCheckoutPlans } from '../../../server/checkout.server';
import { startCountryOption, startRegionOption } from '../../../server/countries.server';
import { resolveLink } from '../../../server/links';
import { getShellInfo } from '../../../server/shell.server';
import { getAdyenWebConfig } from '../../../server/server-config.server';
import { startingTaxQuote } from '../../../server/tax-quote.server';
import { answerWithStatus } from '../../../server/page-status.mjs';
import { errorScreenStatus } from '../../../lib/request-error';
import { env } from '../../../env.server';
import styles from './payment.module.css';

/**
 * The cross-sell plan preselected by a price id (`price_ids`, `service_price_ids`), else by
 * `product_xs`: a cross-sell plan identifier, or '1' for the first one on offer.
 */
function preselectedCrossSell(params: URLSearchParams, plans: readonly PlanView[]): string | null {
  const priceIds = [
    ...(readQueryParam(params, 'price_ids') ?? []),
    ...(readQueryParam(params, 'service_price_ids') ?? []),
  ];
  const byPrice = planByPriceId(plans, priceIds);
  if (byPrice) return byPrice.identifier;
  const param = readQueryParam(params, 'product_xs');
  if (!param || param === '0') return null;
  return (
    (plans.find((p) => p.identifier === param) ?? (param === '1' ? plans[0] : undefined))
      ?.identifier ?? null
  );
}

/**
 * Whether the checkout opens with the declined alert: `error=declined` or a payment that came
 * back as `payment_status=error`, unless `hide_error=1` asks for a clean page.
 */
function showsDeclined(params: URLSearchParams): boolean {
  if (isFlagOn(readQueryParam(params, 'hide_error'))) return false;
  return (
    readQueryParam(params, 'error') === 'declined' ||
    readQueryParam(params, 'payment_status') === 'error'
  );
}

const SECTION_TITLES = {
  plans: 'sections.plans',
  email: 'sections.email',
  'sign-up': 'sections.signUp',
  'cross-sell': 'sections.crossSell',
  'one-click-payments': 'sections.oneClick',
  'payment-methods': 'sections.methods',
} as const satisfies Record<Section, string>;

export default async function PaymentPage() {
  const [t, tSummary, tHome, context, url, experiments] = await Promise.all([
    getTranslations('payment'),
    getTranslations('summary'),
    getTranslations('home'),
    getAppContext(),
    getRequestUrl(),
    getActiveExperiments(),
  ]);
  const params = url.searchParams;
  // The cart and the plans at once; a restored cart in another currency asks for its own plans.
  const [cart, plans] = await Promise.all([loadCart(params.get('cart_id')), loadCheckoutPlans()]);
  const checkout =
    cart && cart.currency !== plans.currency ? await loadCheckoutPlans(cart.currency) : plans;
  if (!checkout.pkg) {
    // The page's data failed to load: the error screen, without the profile area.
    console.error('pricing unavailable', checkout.error?.message);
    const { links } = await getShellInfo();
    // Refused for too many requests: the 429 screen; anything else: the generic one. The answer
    // carries the same status: an outage is a 503, never a page that loaded.
    const status = errorScreenStatus(checkout.error);
    answerWithStatus(status);
    return <ErrorScreen status={status} hideProfile {...links} />;
  }
  const locale = context.language.localeCode;
  const flags = context.featureFlags;
  const variants = checkoutVariants(flags, experiments);
  const brand = getBrand();
  // The family plan of a cross-sell is an extra plan (flag extra-plans, family-cross-sell).
  const crossSellPlans = (checkout.pkg.crossSell?.plans ?? []).filter(
    (plan) => variants.familyCrossSell || plan.type !== 'family',
  );
  const crossSellGroup = crossSellPlans[0]?.identifier.startsWith('vpn') ? 'vpn' : 'pass';
  const crossSellName = crossSellPlans.length > 0 ? brand.products[crossSellGroup].name : undefined;
  const stepParam = params.get('payment_step');
  const step = STEPS.find((s) => s === stepParam) ?? (isFlagOn(stepParam) ? 'payment' : 'plan');
  const cartPlan = cart?.lines.find((l) => l.kind === 'main')?.plan;
  // An upgrade cart (issue 20) is made on the dashboard with its plan: only paying is left.
  const upgrade = cart?.upgrade;
  const upgradeFrom = upgrade && checkout.pkg.plans.find((p) => p.identifier === upgrade.fromPlan);
  const productName = brand.products[checkout.group].name;
  const geo = context.geoData;
  // The address the checkout starts with (checkout-provider.tsx): the cart's, else the visitor's.
  const geoRegion = resolveRegion(
    geo.countryCode,
    geo.stateCode ? `${geo.countryCode}-${geo.stateCode}` : undefined,
  );
  const startCountry = cart?.country ?? geo.countryCode;
  const startRegion = cart?.region ?? geoRegion;
  const startPlan = cartPlan ?? initialPlan(checkout.pkg.plans, checkout.preselect);
  const startCrossSell = preselectedCrossSell(params, crossSellPlans);
  // Without a cart the browser would quote the tax for the starting plans and address; quoted
  // here, the summary's first paint has it (a cart carries its own).
  const startAmount = [
    checkout.pkg.plans.find((p) => p.identifier === startPlan),
    crossSellPlans.find((p) => p.identifier === startCrossSell),
  ].reduce((sum, plan) => sum + (plan?.price.totalInMinorUnits ?? 0), 0);
  const startQuote =
    cart || !startPlan
      ? null
      : await startingTaxQuote({
          country: geo.countryCode,
          region: geoRegion,
          currency: checkout.currency,
          amountMinor: startAmount,
        });
  const content: Record<Section, ReactNode> = {
    plans: (
      <>
        <PlanFilters group={checkout.group} filters={checkout.filters} params={params} />
        <PlanPicker
          locale={locale}
          periodDropdown={flags['plan-period-dropdown'] !== 'off'}
          renewalDisclaimer={variants.renewalDisclaimer}
          renewalProminent={variants.renewalProminent}
          upsell={variants.planUpsell}
          displayTitles={variants.displayTitles}
          featuresFirst={variants.featuresFirst}
          badges={planBadgesFor(flags)}
        />
      </>
    ),
    email: (
      <EmailSection
        confirm={isFlagOn(params.get('confirm_email'))}
        existingUser={isFlagOn(params.get('existing_user'))}
      />
    ),
    'sign-up': <LazySignUpSection />,
    'cross-sell': crossSellName ? (
      <LazyCrossSellSection
        locale={locale}
        productName={crossSellName}
        benefitCopy={variants.crossSellBenefitCopy}
      />
    ) : null,
    'one-click-payments': (
      <LazyOneClickPayments adyen={getAdyenWebConfig()} paypalClientId={env.PAYPAL_CLIENT_ID} />
    ),
    'payment-methods': (
      <LazyPaymentMethods
        locale={locale}
        declined={showsDeclined(params)}
        preselect={readQueryParam(params, 'payment_provider') ?? readQueryParam(params, 'provider')}
        cardInModal={isEnabled(flags, 'iframe-modal-3ds')}
        tiles={variants.paymentMethodTiles}
        expiryLayout={variants.expiryLayout}
        adyen={getAdyenWebConfig()}
        terms={
          <>
            <LazyRenewalTerms
              locale={locale}
              products={{ main: productName, cross_sell: crossSellName }}
              accountUrl={resolveLink(brand.accountUrl, context.language.urlCode)}
            />
            {/* The products' money-back window (catalog refundWindowDays: 30, as on /). */}
            <p className={styles.guarantee} data-element="money-back">
              {tHome('guarantee')}
            </p>
          </>
        }
      />
    ),
  };
  const order = sectionOrder(variants).filter(
    (section) =>
      (!upgrade || section === 'one-click-payments' || section === 'payment-methods') &&
      (section !== 'cross-sell' || crossSellName) &&
      // A logged-in shopper already has the account the section would create.
      (section !== 'sign-up' || !context.user) &&
      (section !== 'one-click-payments' || isEnabled(flags, 'enable-one-click-payments')),
  );
  const renderSection = (name: Section) => {
    const title = t(SECTION_TITLES[name]);
    // section-header-copy:numbered — the step number before each title.
    const numbered = variants.numberedSections ? `${order.indexOf(name) + 1}. ${title}` : title;
    return (
      <CheckoutSection key={name} name={name} title={numbered}>
        {content[name]}
      </CheckoutSection>
    );
  };
  // The sections from the first way to pay on come after the order summary.
  const firstPaying = order.findIndex((s) => PAYING_SECTIONS.has(s));
  const split = firstPaying === -1 ? order.length : firstPaying;
  const [choosing, paying] = [order.slice(0, split), order.slice(split)];
  return (
    <PageMessages page="payment">
      <PlanSelectionProvider
        // A new plan list (another subgroup, quota or currency) starts a fresh selection.
        key={checkout.pkg.plans.map((p) => p.identifier).join()}
        plans={checkout.pkg.plans.map(planChoice)}
        initial={startPlan}
      >
        <CheckoutProvider
          crossSellPlans={crossSellPlans.map(planChoice)}
          initial={{
            cart,
            currency: checkout.currency,
            country: geo.countryCode,
            region: geoRegion,
            postalCode: geo.zipCode,
            crossSell: startCrossSell,
            quote: startQuote && { amountMinor: startAmount, answer: startQuote },
            step,
          }}
        >
          <div className={styles.page}>
            {/* The design shows no page title; screen readers still get one to land on. */}
            <h1 className="visually-hidden">{t('heading', { product: productName })}</h1>
            <LazyExperimentExposures variants={experiments} />
            <LazyCountdown
              product={checkout.group}
              persist={isFlagOn(params.get('persist_countdown'))}
            />
            <LazyStepper />
            <LazyStepFocus focus={params.get('focus')} />
            <div className={styles.columns}>
              <div className={styles.main}>
                {upgrade ? (
                  <p className={`card ${styles.upgrade}`} data-element="upgrade-notice">
                    {tSummary('upgrading', {
                      plan: upgradeFrom
                        ? tSummary('plan', { product: productName, tier: upgradeFrom.tier })
                        : productName,
                    })}
                  </p>
                ) : null}
                {choosing.map(renderSection)}
              </div>
              {/* Before the payment sections in the page's order too: the country changes tax and
                  total, so a keyboard or screen-reader shopper meets it before the pay buttons. */}
              <aside className={styles.side}>
                <CheckoutSection name="order-summary" title={t('sections.summary')}>
                  <LazyOrderSummary
                    locale={locale}
                    productName={productName}
                    crossSellName={crossSellName}
                  />
                  <p className={styles.statement} data-element="statement-line">
                    {t('statement', {
                      descriptor: statementLine(brand, checkout.group, {
                        mainMerchant: readQueryParam(params, 'main_merchant'),
                        descriptor: readQueryParam(params, 'descriptor'),
                      }),
                    })}
                  </p>
                  <LazyAddressFields
                    locale={locale}
                    startCountry={startCountryOption(locale, startCountry)}
                    startRegion={startRegionOption(startCountry, startRegion)}
                  />
                  {isEnabled(flags, 'coupon') && !upgrade ? (
                    <LazyCouponField
                      initialCode={readQueryParam(params, 'coupon')}
                      product={checkout.group}
                    />
                  ) : null}
                </CheckoutSection>
              </aside>
              <div
                className={variants.bigPaymentCta ? `${styles.pay} ${styles.bigCta}` : styles.pay}
              >
                {paying.map(renderSection)}
              </div>
            </div>
          </div>
        </CheckoutProvider>
      </PlanSelectionProvider>
    </PageMessages>
  );
}
