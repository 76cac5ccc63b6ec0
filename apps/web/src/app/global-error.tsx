'use client';
/**
 * Last resort when the layout itself fails: no catalogs or context are available here, so the
 * generic screen is shown in English with the exact texts of spec §2.
 */
import Link from 'next/link';
import { GLOBAL_ERROR_TEXT as text } from './global-error-text';

export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: 48 }}>
        <title>{text.pageTitle}</title>
        <h1>{text.title}</h1>
        <p>{text.text}</p>
        <Link href="/">{text.cta}</Link>
      </body>
    </html>
  );
}
