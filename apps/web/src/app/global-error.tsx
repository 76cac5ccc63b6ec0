'use client';
/**
 * Last resort when the layout itself fails: no catalogs or context are available here, so the
 * generic screen is shown in English with the exact texts of spec §2, and its 'Contact Support'
 * button leads to the support center of the brand the app was built with (config/brand.json,
 * inlined as BRAND_SUPPORT_URL by next.config.ts).
 */
import { useEffect } from 'react';
import { GLOBAL_ERROR_TEXT as text } from './global-error-text';
import { reportError } from '../lib/report-error';

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  // Spec §8: the global handler reports 'Generic error' unless the error has its own label.
  useEffect(() => reportError(error), [error]);
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: 48 }}>
        <title>{text.pageTitle}</title>
        <h1>{text.title}</h1>
        <p>{text.text}</p>
        <a href={process.env.BRAND_SUPPORT_URL}>{text.contactSupport}</a>
      </body>
    </html>
  );
}
