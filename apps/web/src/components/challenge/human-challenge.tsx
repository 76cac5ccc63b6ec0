'use client';
/**
 * The check a shopper passes when the api suspects card testing (or password guessing): ALTCHA's
 * proof of work, solved in this browser by the widget's workers; nothing goes to a third party.
 * Loaded on demand only (next/dynamic), so pages that never ask for it carry none of it.
 */
import 'altcha/i18n';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { request } from '../../lib/http';
import styles from './human-challenge.module.css';

/** Our locales where the widget's own translations go by another name. */
const WIDGET_LANGUAGE: Readonly<Record<string, string>> = {
  es: 'es-es',
  'es-mx': 'es-419',
  fr: 'fr-fr',
  no: 'nb',
  pt: 'pt-pt',
  zh: 'zh-cn',
};

type ChallengeView = { kind: 'altcha'; challenge: unknown } | { kind: 'turnstile' };

export interface HumanChallengeProps {
  locale: string;
  /** The widget's payload once the proof of work is done. */
  onSolved: (solution: string) => void;
}

export default function HumanChallenge({ locale, onSolved }: HumanChallengeProps) {
  const t = useTranslations('challenge');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const widget = useRef<HTMLElement>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    // Screen readers and keyboards land on the new step, not somewhere behind it.
    heading.current?.focus();
    const controller = new AbortController();
    void request<ChallengeView>('/api/challenge/', { signal: controller.signal }).then(
      ({ data }) => {
        if (data?.kind === 'altcha') setChallenge(JSON.stringify(data.challenge));
        else if (!controller.signal.aborted) setUnavailable(true);
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const solved = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail.payload;
      if (payload) onSolved(payload);
    };
    element.addEventListener('verified', solved);
    return () => element.removeEventListener('verified', solved);
  }, [challenge, onSolved]);

  return (
    <section className={styles.challenge} aria-labelledby={titleId} data-element="challenge">
      <h3 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {t('title')}
      </h3>
      <p className={styles.text}>{t('explain')}</p>
      {challenge ? (
        <altcha-widget
          ref={widget}
          challenge={challenge}
          language={WIDGET_LANGUAGE[locale] ?? locale}
          name="challenge"
        />
      ) : (
        <p role="status" className={styles.text}>
          {unavailable ? t('unavailable') : t('loading')}
        </p>
      )}
    </section>
  );
}
