/** A page's title and optional lead paragraph. */
import styles from './page-heading.module.css';

export function PageHeading({ title, lead }: { title: string; lead?: string }) {
  return (
    <div className={styles.heading}>
      <h1>{title}</h1>
      {lead ? <p className={styles.lead}>{lead}</p> : null}
    </div>
  );
}
