/**
 * Language dropdown: choosing a language reloads the page at that language's address and keeps
 * the choice (storage key `locale`). The server hands the list from core's table of languages to
 * the dropdown (language-select.tsx), so the browser's first load does not carry the table.
 */
import { getLocale } from 'next-intl/server';
import { LANGUAGES } from '@checkout/core';
import { LanguageSelect } from './language-select';
import styles from './language-switcher.module.css';

export async function LanguageSwitcher({ label }: { label: string }) {
  if (LANGUAGES.length < 2) return null;
  const locale = await getLocale();
  const id = 'language-switcher';
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        <img src="/static/icons/globe.svg" alt="" width={16} height={16} />
        {label}
      </label>
      <LanguageSelect
        id={id}
        className={styles.select}
        locale={locale}
        // Short tuples in the page's flight data: as option elements they made /payment/ 1.5 KB longer.
        languages={LANGUAGES.map((l) => [l.urlCode, l.localeCode, l.title] as const)}
      />
    </div>
  );
}
