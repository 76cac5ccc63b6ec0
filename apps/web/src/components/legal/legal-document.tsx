/** A legal document: title, effective date, table of contents and numbered sections. */
import styles from './legal-document.module.css';

interface LegalDocumentProps {
  title: string;
  updated: string;
  tocLabel: string;
  sections: readonly { id: string; heading: string; body: string }[];
}

export function LegalDocument({ title, updated, tocLabel, sections }: LegalDocumentProps) {
  return (
    <article className={`card ${styles.document}`}>
      <h1>{title}</h1>
      <p className={styles.updated}>{updated}</p>
      <nav aria-label={tocLabel} className={styles.toc}>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>
            {index + 1}. {section.heading}
          </h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}
