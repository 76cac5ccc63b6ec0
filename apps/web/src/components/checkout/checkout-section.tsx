/** A titled section of the checkout page, carrying its analytics section name. */
import type { ReactNode } from 'react';
import styles from './checkout-section.module.css';

interface CheckoutSectionProps {
  name: string;
  title: string;
  children: ReactNode;
}

export function CheckoutSection({ name, title, children }: CheckoutSectionProps) {
  const headingId = `section-${name}`;
  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId} data-section={name}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
