/** A centred message panel for the payment-flow and login screens. */
import type { ReactNode } from 'react';
import styles from './status-panel.module.css';

interface StatusPanelProps {
  title: string;
  text: string;
  section: string;
  children?: ReactNode;
}

export function StatusPanel({ title, text, section, children }: StatusPanelProps) {
  return (
    <section className={`card ${styles.panel}`} data-section={section}>
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </section>
  );
}
