import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { planBadgesFor } from '../../../rules/feature-flags';
import { ProductChooser } from '../../../components/home/product-chooser';
import { PlanComparison } from '../../../components/plans/plan-comparison';
import { PageHeading } from '../../../components/shell/page-heading';
import { PageMessages } from '../../../components/shell/page-messages';
import { ErrorScreen } from '../../../components/errors/error-screen';
import { getAppContext, getProductGroup } from '../../../server/app-context.server';
import { getBrand } from '../../../server/brand.server';
import { loadCheckoutPlans } from '../../../server/checkout.server';
import { getShellInfo } from '../../../server/shell.server';
import { answerWithStatus } from '../../../server/page-status.mjs';
import { errorScreenStatus } from '../../../lib/request-error';
import { pageMetadata } from '../../../server/metadata.server';

/** Titled after the page's heading: the product chooser, or a product's plans compared. */
export async function generateMetadata(): Promise<Metadata> {
  const [t, group] = await Promise.all([getTranslations('products'), getProductGroup()]);
  return pageMetadata(
    group ? t('compareTitle', { product: getBrand().products[group].name }) : t('title'),
  );
}

/** Without a product group: the product chooser. With one: its plans compared. */
export default async function ProductsPage() {
  const t = await getTranslations('products');
  const group = await getProductGroup();
  const brand = getBrand();
  if (!group) {
    return (
      <>
        <PageHeading title={t('title')} lead={t('intro')} />
        <ProductChooser brand={brand} label={t('groupsLabel')} />
      </>
    );
  }
  const [checkout, context] = await Promise.all([loadCheckoutPlans(), getAppContext()]);
  if (!checkout.pkg) {
    const { links } = await getShellInfo();
    // Refused for too many requests: the 429 screen; anything else: the generic one. The answer
    // carries the same status: an outage is a 503, never a page that loaded.
    const status = errorScreenStatus(checkout.error);
    answerWithStatus(status);
    return <ErrorScreen status={status} hideProfile {...links} />;
  }
  return (
    <PageMessages page="products">
      <PageHeading title={t('compareTitle', { product: brand.products[group].name })} />
      <PlanComparison
        pkg={checkout.pkg}
        group={group}
        locale={context.language.localeCode}
        badges={planBadgesFor(context.featureFlags)}
      />
    </PageMessages>
  );
}
