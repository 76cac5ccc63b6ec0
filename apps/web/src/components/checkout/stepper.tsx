/** The checkout stepper: plan → account → payment. */
import { getTranslations } from 'next-intl/server';
import styles from './stepper.module.css';

export const STEPS = ['plan', 'account', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export async function Stepper({ current }: { current: Step }) {
  const t = await getTranslations('payment.stepper');
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label={t('label')} data-section="stepper">
      <ol className={styles.steps}>
        {STEPS.map((step, index) => (
          <li
            key={step}
            className={styles.step}
            data-state={index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'next'}
            aria-current={index === currentIndex ? 'step' : undefined}
            data-element={`step-${step}`}
          >
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            {t(step)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
