'use client';
/** The checkout stepper: plan → account → payment, following where the shopper is. */
import { useTranslations } from 'next-intl';
import { useCheckout, type Step } from './checkout-provider';
import styles from './stepper.module.css';

const STEPS: readonly Step[] = ['plan', 'account', 'payment'];

export function Stepper() {
  const t = useTranslations('payment.stepper');
  const { step } = useCheckout();
  const currentIndex = STEPS.indexOf(step);
  return (
    <nav aria-label={t('label')} data-section="stepper">
      <ol className={styles.steps}>
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={styles.step}
            data-state={index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next'}
            aria-current={index === currentIndex ? 'step' : undefined}
            data-element={`step-${name}`}
          >
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            {t(name)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
