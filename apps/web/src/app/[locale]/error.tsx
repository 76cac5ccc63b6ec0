'use client';
/** Unexpected errors while rendering a page: the generic error screen, reported once. */
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorScreen } from '../../components/errors/error-screen';
import { useShellLinks } from '../../context/shell-links';

export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const links = useShellLinks();
  const t = useTranslations('errors');
  useEffect(() => {
    document.title = t('generic.pageTitle', { status: 500 });
    // Error reporting (a later issue) hooks in here; until then the console keeps the digest.
    console.error('page error', error.digest ?? error.message);
  }, [error, t]);
  return <ErrorScreen status={500} {...links} />;
}
