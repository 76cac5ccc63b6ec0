/** The services a plan includes, in the catalog's localized words where it has them. */
import type { PlanChoice } from './plan-choice';
import styles from './plan-features.module.css';

interface PlanFeaturesProps {
  services: PlanChoice['services'];
  /** Catalog `plans.service` labels by service identifier. */
  labels: Partial<Record<string, string>>;
}

export function PlanFeatures({ services, labels }: PlanFeaturesProps) {
  return (
    <ul className={styles.features}>
      {services.map((service) => (
        <li key={service.identifier}>{labels[service.identifier] ?? service.title}</li>
      ))}
    </ul>
  );
}
