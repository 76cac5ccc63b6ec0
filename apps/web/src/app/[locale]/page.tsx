import { getTranslations } from 'next-intl/server';
import { ProductChooser } from '../../components/home/product-chooser';
import { PageHeading } from '../../components/shell/page-heading';
import { getBrand } from '../../server/brand.server';
import styles from './home.module.css';

export default async function HomePage() {
  const t = await getTranslations('home');
  return (
    <>
      <PageHeading title={t('title')} lead={t('intro')} />
      <ProductChooser brand={getBrand()} label={t('compare')} />
      <ul className={styles.benefits}>
        <li>{t('guarantee')}</li>
        <li>{t('secure')}</li>
        <li>{t('support')}</li>
      </ul>
    </>
  );
}
