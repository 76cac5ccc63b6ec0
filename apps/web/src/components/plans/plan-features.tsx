/** The services a plan includes, in the catalog's localized words where it has them. */
import type { PlanView } from '@checkout/core';
import styles from './plan-features.module.css';

interface PlanFeaturesProps {
  services: PlanView['services'];
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
