'use client';
/**
 * Language dropdown: choosing a language reloads the page at that language's address and keeps
 * the choice (storage key `locale`). Its list is a single popover: opening it closes the others.
 */
import { useId } from 'react';
import { useLocale } from 'next-intl';
import { LANGUAGES, localizedPath, STORAGE_KEYS, stripLocalePrefix } from '@checkout/core';
import { usePopover } from '../../context/popovers';
import { writeStored } from '../../lib/browser-storage';
import styles from './language-switcher.module.css';

export function LanguageSwitcher({ label }: { label: string }) {
  const locale = useLocale();
  const id = useId();
  const popover = usePopover('language', 'single');
  if (LANGUAGES.length < 2) return null;
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={styles.label}>
        <img src="/static/icons/globe.svg" alt="" width={16} height={16} />
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        // The browser draws the list; opening it is still opening a popover.
        onPointerDown={popover.show}
        onBlur={popover.hide}
        onChange={(event) => {
          writeStored('local', STORAGE_KEYS.locale, event.target.value);
          const { pathname, search, hash } = window.location;
          const target = localizedPath(event.target.value, stripLocalePrefix(pathname));
          // A full reload on purpose (spec §2): the new language's page is rendered afresh.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          window.location.assign(`${target}${search}${hash}`);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.urlCode} value={language.urlCode} lang={language.localeCode}>
            {language.title}
          </option>
        ))}
      </select>
    </div>
  );
}
