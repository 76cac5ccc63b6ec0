/**
 * Every address no route claims (including disabled languages such as /ro/) answers HTTP 404
 * with this screen, in the visitor's language. It lives at the root rather than under
 * [locale] because Next only server-renders not-found markup for unmatched URLs; a notFound()
 * thrown inside a page ships an empty body (vercel/next.js#62228), so pages avoid it.
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
