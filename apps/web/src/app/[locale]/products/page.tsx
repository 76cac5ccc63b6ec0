import { getTranslations } from 'next-intl/server';
import { ProductChooser } from '../../../components/home/product-chooser';
import { PageHeading } from '../../../components/shell/page-heading';
import { getBrand } from '../../../server/brand.server';
import { getProductGroup } from '../../../server/app-context.server';

export default async function ProductsPage() {
  const t = await getTranslations('products');
  return (
    <>
      <PageHeading title={t('title')} lead={t('intro')} />
      <ProductChooser
        brand={getBrand()}
        selected={await getProductGroup()}
        label={t('groupsLabel')}
      />
    </>
  );
}
