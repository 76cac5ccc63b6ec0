/** A titled section of the checkout page, carrying its analytics section name. */
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import styles from './checkout-section.module.css';

interface CheckoutSectionProps {
  name: string;
  title: string;
  hint?: string;
  children?: ReactNode;
}

export async function CheckoutSection({ name, title, hint, children }: CheckoutSectionProps) {
  const t = await getTranslations('payment');
  const headingId = `section-${name}`;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId} data-section={name}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {children ?? <p className={styles.pending}>{t('unavailable')}</p>}
    </section>
  );
}
