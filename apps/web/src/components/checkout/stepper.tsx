'use client';
/** The checkout stepper: plan → account → payment, following where the shopper is. */
import { useTranslations } from 'next-intl';
import { useCheckout } from './checkout-provider';
import { STEPS } from './steps';
import styles from './stepper.module.css';

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
