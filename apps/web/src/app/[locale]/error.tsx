'use client';
/**
 * Unexpected errors while rendering a page: the generic error screen, reported once. Every page's
 * first load carries this boundary; the screen's code loads when an error is shown.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { useShellLinks } from '../../context/shell-links';
import { reportError } from '../../lib/report-error';

const ErrorScreen = lazy(() =>
  import('../../components/errors/error-screen').then((m) => ({ default: m.ErrorScreen })),
);

export default function PageError({ error }: { error: Error & { digest?: string } }) {
  const links = useShellLinks();
  const t = useTranslations('errors');
  useEffect(() => {
    document.title = t('generic.pageTitle', { status: 500 });
    // Spec §8: reported with the error's analytics label, 'Generic error' by default.
    reportError(error);
  }, [error, t]);
  return (
    <Suspense fallback={null}>
      <ErrorScreen status={500} {...links} />
    </Suspense>
  );
}
