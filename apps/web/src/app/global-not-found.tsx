/**
 * Every address no route claims (including disabled languages such as /ro/) answers HTTP 404
 * with this screen, in the visitor's language. It is Next's global not-found (a document of its
 * own, rendered only for a 404) rather than a root not-found.tsx: Next renders a root
 * not-found boundary eagerly into every page's payload, which rendered the whole shell (context,
 * header, footer, every client message) twice per request and doubled the flight data the browser
 * parses. Pages avoid notFound() (a notFound() thrown inside a page ships an empty body,
 * vercel/next.js#62228).
 */
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ErrorScreen } from '../components/errors/error-screen';
import { Document } from '../components/shell/document';
import { getShellInfo } from '../server/shell.server';
import { pageMetadata } from '../server/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('errors');
  return pageMetadata(t('notFound.pageTitle'));
}

export default async function NotFound() {
  const { links } = await getShellInfo();
  return (
    <Document>
      <ErrorScreen status={404} {...links} />
    </Document>
  );
}
