/** A centred message panel for the payment-flow and login screens. */
import type { ReactNode } from 'react';
import { ArrivalHeading } from './arrival-heading';
import styles from './status-panel.module.css';

interface StatusPanelProps {
  title: string;
  text: string;
  section: string;
  /** A payment's result: its heading takes the focus on arrival. */
  focusOnArrival?: boolean;
  children?: ReactNode;
}

export function StatusPanel({
  title,
  text,
  section,
  focusOnArrival = false,
  children,
}: StatusPanelProps) {
  return (
    <section className={`card ${styles.panel}`} data-section={section}>
      {focusOnArrival ? <ArrivalHeading>{title}</ArrivalHeading> : <h1>{title}</h1>}
      <p>{text}</p>
      {children}
    </section>
  );
}
