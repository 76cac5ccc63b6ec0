'use client';
/**
 * Last resort when the layout itself fails: no catalogs or context are available here, so the
 * generic screen is shown in English with the exact texts of spec §2.
 */
import Link from 'next/link';
import { useEffect } from 'react';
import en from '../../messages/en.json';
import { reportError } from '../lib/report-error';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  // Spec §8: the global handler reports 'Generic error' unless the error has its own label.
  useEffect(() => reportError(error), [error]);
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: 48 }}>
        <title>{en.errors.generic.pageTitle.replace('{status}', '500')}</title>
        <h1>{en.errors.generic.title}</h1>
        <p>{en.errors.generic.text}</p>
        <Link href="/">{en.errors.notFound.cta}</Link>
      </body>
    </html>
  );
}
