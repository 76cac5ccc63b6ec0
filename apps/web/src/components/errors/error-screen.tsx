/**
 * The error screens of spec §2: 404 (lost, back to the product family), 429 (too many
 * requests) and a generic screen for any other status. Renders on the server and in the
 * client error boundary alike; the page title comes from errorPageTitle().
 */
import { useTranslations } from 'next-intl';
import { analyticsErrorLabel } from '@checkout/core';
import { ErrorEvent } from '../../analytics/page-events';
import styles from './error-screen.module.css';

interface ErrorScreenProps {
  status: number;
  supportUrl: string;
  /** Landing page of the current product family, for the 404 screen's button. */
  landingUrl: string;
  /** Set for the props-error case: the layout then hides the profile area. */
  hideProfile?: boolean;
}

/** The catalog key of the page title for a status: 'Error 404', 'Error 429', 'Error {status}'. */
export function errorTitleKey(status: number) {
  if (status === 404) return 'notFound.pageTitle' as const;
  if (status === 429) return 'tooManyRequests.pageTitle' as const;
  return 'generic.pageTitle' as const;
}

export function ErrorScreen({ status, supportUrl, landingUrl, hideProfile }: ErrorScreenProps) {
  const t = useTranslations('errors');
  const common = {
    'data-error-status': status,
    'data-analytics-error': analyticsErrorLabel(status),
    ...(hideProfile ? { 'data-hide-profile': '' } : {}),
  };
  if (status === 404) {
    return (
      <section className={styles.screen} {...common}>
        <ErrorEvent label={common['data-analytics-error']} />
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <a className="button" href={landingUrl} data-outgoing>
          {t('notFound.cta')}
        </a>
      </section>
    );
  }
  if (status === 429) {
    return (
      <section className={styles.screen} {...common}>
        <ErrorEvent label={common['data-analytics-error']} />
        <h1>{t('tooManyRequests.text')}</h1>
        <p>{t('tooManyRequests.questions')}</p>
        <a className="button" href={supportUrl}>
          {t('contactSupport')}
        </a>
      </section>
    );
  }
  return (
    <section className={styles.screen} {...common}>
      <ErrorEvent label={common['data-analytics-error']} />
      <h1>{t('generic.title')}</h1>
      <p>{t('generic.text')}</p>
      <a className="button" href={supportUrl}>
        {t('contactSupport')}
      </a>
    </section>
  );
}
