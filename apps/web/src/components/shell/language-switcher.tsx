/**
 * Language dropdown: choosing a language reloads the page at that language's address and keeps
 * the choice (storage key `locale`). The server renders the list from core's table of languages;
 * the browser gets only the choosing (language-select.tsx), not the table.
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
      <LanguageSelect id={id} className={styles.select} locale={locale}>
        {LANGUAGES.map((language) => (
          <option key={language.urlCode} value={language.urlCode} lang={language.localeCode}>
            {language.title}
          </option>
        ))}
      </LanguageSelect>
    </div>
  );
}
