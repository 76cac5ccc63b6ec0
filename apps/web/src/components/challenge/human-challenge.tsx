'use client';
/**
 * The check a shopper passes when the api suspects card testing (or password guessing): ALTCHA's
 * proof of work, solved in this browser by the widget's workers, nothing going to a third party;
 * or Cloudflare Turnstile when the api says so, its script loaded only then.
 * Loaded on demand only (React's lazy), so pages that never ask for it carry none of it.
 */
import 'altcha/i18n';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { browserAnswer } from '../../lib/answers';
import { request } from '../../lib/http';
import styles from './human-challenge.module.css';

/** Our languages (URL codes) where the widget's own translations go by another name. */
const WIDGET_LANGUAGE: Readonly<Record<string, string>> = {
  es: 'es-es',
  'es-mx': 'es-419',
  fr: 'fr-fr',
  no: 'nb',
  pt: 'pt-pt',
  zh: 'zh-cn',
};

const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** The part of Turnstile's explicit-rendering API we use. */
interface Turnstile {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      language?: string;
      callback: (token: string) => void;
      'error-callback'?: () => void;
    },
  ): string | null | undefined;
  remove(widgetId: string): void;
}

let turnstileLoading: Promise<Turnstile> | undefined;

/** Cloudflare's loader, added once; a script our own (nonce-admitted) code adds may run. */
function loadTurnstile(): Promise<Turnstile> {
  turnstileLoading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT;
    script.onload = () => {
      const api = (window as { turnstile?: Turnstile }).turnstile;
      if (api) resolve(api);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => reject(new Error('Turnstile did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    // A later challenge tries again (a flaky network, a blocker switched off).
    turnstileLoading = undefined;
    throw error;
  });
  return turnstileLoading;
}

export interface HumanChallengeProps {
  /** The widget's payload once the proof of work is done. */
  onSolved: (solution: string) => void;
}

export default function HumanChallenge({ onSolved }: HumanChallengeProps) {
  const t = useTranslations('challenge');
  // The page's language by its URL code (de, pt-br, zh-tw), which both widgets' tables use.
  const locale = useLocale();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const widget = useRef<HTMLElement>(null);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [turnstileShown, setTurnstileShown] = useState(false);
  // The latest callback, so a parent's fresh arrow function never re-renders Cloudflare's widget.
  const solvedRef = useRef(onSolved);
  useEffect(() => {
    solvedRef.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    // Screen readers and keyboards land on the new step, not somewhere behind it.
    heading.current?.focus();
    const controller = new AbortController();
    void request('/api/challenge/', {
      answer: browserAnswer((s) => s.challengeViewSchema),
      signal: controller.signal,
    }).then(({ data }) => {
      if (data?.kind === 'altcha') setChallenge(JSON.stringify(data.challenge));
      else if (data?.kind === 'turnstile') setSiteKey(data.siteKey);
      else if (!controller.signal.aborted) setUnavailable(true);
    });
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

  useEffect(() => {
    const element = turnstileBox.current;
    if (!siteKey || !element) return;
    let widgetId: string | null | undefined;
    let live = true;
    loadTurnstile().then(
      (turnstile) => {
        if (!live) return;
        widgetId = turnstile.render(element, {
          sitekey: siteKey,
          language: turnstileLanguage(locale),
          callback: (token) => solvedRef.current(token),
          'error-callback': () => setUnavailable(true),
        });
        setTurnstileShown(true);
      },
      () => {
        if (live) setUnavailable(true);
      },
    );
    return () => {
      live = false;
      if (widgetId) (window as { turnstile?: Turnstile }).turnstile?.remove(widgetId);
    };
  }, [siteKey, locale]);

  return (
    <section className={styles.challenge} aria-labelledby={titleId} data-element="challenge">
      <h3 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {t('title')}
      </h3>
      <p className={styles.text}>{t('explain')}</p>
      {siteKey ? (
        <div ref={turnstileBox} data-element="turnstile" aria-labelledby={titleId} role="group" />
      ) : null}
      {challenge ? (
        <altcha-widget
          ref={widget}
          challenge={challenge}
          language={WIDGET_LANGUAGE[locale] ?? locale}
          name="challenge"
        />
      ) : turnstileShown && !unavailable ? null : (
        <p role="status" className={styles.text}>
          {unavailable ? t('unavailable') : t('loading')}
        </p>
      )}
    </section>
  );
}

/** Our languages (URL codes) where Turnstile's go by another name; the others by their language. */
const TURNSTILE_LANGUAGE: Readonly<Record<string, string>> = {
  no: 'nb',
  'pt-br': 'pt-br',
  zh: 'zh-cn',
  'zh-hk': 'zh-tw',
  'zh-tw': 'zh-tw',
};

function turnstileLanguage(locale: string): string {
  return TURNSTILE_LANGUAGE[locale] ?? locale.split('-')[0] ?? locale;
}
