'use client';
/**
 * The language dropdown: its options come from the server (language-switcher.tsx); a choice
 * reloads the page at the same path in the chosen language and is kept in storage. Its list is a
 * single popover: opening it closes the others.
 */
import { delocalizedPath, localizedPath, STORAGE_KEYS } from '@checkout/core';
import { usePopover } from '../../context/popovers';
import { writeStored } from '../../lib/browser-storage';

interface Props {
  id: string;
  className: string | undefined;
  /** The page's language (URL code), the selected option. */
  locale: string;
  /** URL code, Intl locale and own name of each language. */
  languages: readonly (readonly [urlCode: string, localeCode: string, title: string])[];
}

export function LanguageSelect({ id, className, locale, languages }: Props) {
  const popover = usePopover('language', 'single');
  return (
    <select
      id={id}
      className={className}
      value={locale}
      // The browser draws the list; opening it is still opening a popover.
      onPointerDown={popover.show}
      onBlur={popover.hide}
      onChange={(event) => {
        writeStored('local', STORAGE_KEYS.locale, event.target.value);
        const { pathname, search, hash } = window.location;
        const target = localizedPath(event.target.value, delocalizedPath(locale, pathname));
        // A full reload on purpose (spec §2): the new language's page is rendered afresh.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`${target}${search}${hash}`);
      }}
    >
      {languages.map(([urlCode, localeCode, title]) => (
        <option key={urlCode} value={urlCode} lang={localeCode}>
          {title}
        </option>
      ))}
    </select>
  );
}
