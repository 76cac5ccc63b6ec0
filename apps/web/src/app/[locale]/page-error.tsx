'use client';
/**
 * Unexpected errors while rendering a page: the generic error screen, reported once. Loaded by
 * the error boundary (error.tsx) when an error is shown.
 */
import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { ErrorScreen } from '../../components/errors/error-screen';
import { useShellLinks } from '../../context/shell-links';
import { reportError } from '../../lib/report-error';

export function PageError({ error }: { error: Error & { digest?: string } }) {
  const links = useShellLinks();
  const t = useTranslations('errors');
  useEffect(() => {
    document.title = t('generic.pageTitle', { status: 500 });
    // Spec §8: reported with the error's analytics label, 'Generic error' by default.
    reportError(error);
  }, [error, t]);
  return <ErrorScreen status={500} {...links} />;
}
