'use client';
/**
 * Last resort when the layout itself fails: no catalogs or context are available here, so the
 * generic screen is shown in English with the exact texts of spec §2, and its 'Contact Support'
 * button leads to the support center of the brand the app was built with (config/brand.json).
 */
import en from '../../messages/en.json';
import brand from '../../../../config/brand.json';

export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: 48 }}>
        <title>{en.errors.generic.pageTitle.replace('{status}', '500')}</title>
        <h1>{en.errors.generic.title}</h1>
        <p>{en.errors.generic.text}</p>
        <a href={brand.defaultSupportUrl}>{en.errors.contactSupport}</a>
      </body>
    </html>
  );
}
