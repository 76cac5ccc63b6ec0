'use client';
/**
 * The promotional countdown. Its end time comes from the app context; with `persist_countdown=1`
 * it is kept per product in local storage, so the offer a shopper saw keeps its deadline. An end
 * time of 0 is an offer with no deadline (spec §4: active): it shows without a clock.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { countdownState, remainingTime } from '../../rules/countdown';
import { countdownStorageKey } from '@checkout/core';
import { useAppContext } from '../../context/app-context';
import styles from './countdown.module.css';

const two = (n: number) => String(n).padStart(2, '0');

function storedEndTime(key: string): number | null {
  const raw = window.localStorage.getItem(key);
  const value = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** The current second, ticking in the browser; null while rendering on the server. */
function subscribeToSeconds(onTick: () => void): () => void {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;
const noTimeOnServer = () => null;

export function Countdown({ product, persist }: { product: string; persist: boolean }) {
  const t = useTranslations('countdown');
  const { countdownEndTime } = useAppContext();
  const now = useSyncExternalStore(subscribeToSeconds, currentSecond, noTimeOnServer);
  const key = countdownStorageKey(product);

  useEffect(() => {
    if (persist && countdownEndTime !== null) {
      window.localStorage.setItem(key, String(countdownEndTime));
    }
  }, [key, persist, countdownEndTime]);

  // Rendered only in the browser: the server cannot know the shopper's clock.
  if (now === null) return null;
  const endTime = countdownEndTime ?? storedEndTime(key);
  if (endTime === null || countdownState(endTime, now) === 'inactive') return null;
  if (endTime === 0) {
    return (
      <p className={styles.countdown} data-element="countdown">
        <span>{t('noDeadline')}</span>
      </p>
    );
  }
  const left = remainingTime(endTime, now);
  return (
    <p className={styles.countdown} role="timer" aria-live="off" data-element="countdown">
      <span>{t('label')}</span>{' '}
      <strong>
        {left.days > 0 ? `${t('days', { count: left.days })} ` : ''}
        {two(left.hours)}:{two(left.minutes)}:{two(left.seconds)}
      </strong>
    </p>
  );
}
