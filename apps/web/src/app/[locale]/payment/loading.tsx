import styles from './payment.module.css';

/** Placeholder boxes the size of the real sections, so nothing moves when the plans arrive. */
export default function PaymentLoading() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.skeletonStepper} />
      <div className={styles.columns}>
        <div className={styles.main}>
          <div className={`card ${styles.skeleton}`} style={{ height: 420 }} />
          <div className={`card ${styles.skeleton}`} style={{ height: 160 }} />
        </div>
        <aside className={styles.side}>
          <div className={`card ${styles.skeleton}`} style={{ height: 240 }} />
        </aside>
      </div>
    </div>
  );
}
