'use client';
/**
 * Cookie preferences (or, for US visitors, privacy choices). Opened from the footer it is a
 * modal dialog; offered by itself to a visitor who must opt in, a banner that leaves the
 * checkout usable (docs/decisions/007). A choice closes it and gives focus back where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { privacyButtonKind } from '@checkout/core';
import { CONSENT_POLICY_VERSION, consentCookieValue } from '@checkout/core';
import { track } from '../../analytics/track';
import { browserId } from '../../analytics/tracker';
import { readConsent, serializeConsent, type ConsentSettings } from './consent-cookie';

type ConsentAction = 'accept_all' | 'reject_all' | 'save';

/**
 * Each decision is reported as a click (spec §4) and recorded by the api as proof of consent;
 * the tracker then loads or stops what the categories allow.
 */
function decide(action: ConsentAction, settings: ConsentSettings): void {
  document.cookie = serializeConsent(settings);
  // A refusal is recorded under a one-off id: no identifier stays in a browser that refused.
  const browser = settings.analytics ? browserId() : crypto.randomUUID();
  void fetch('/api/consent/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      browser_id: browser,
      policy_version: CONSENT_POLICY_VERSION,
      action,
      ...settings,
    }),
  }).catch(() => undefined);
  window.dispatchEvent(new Event('checkout:consent-changed'));
  track('click', {
    section: 'consent',
    element: `consent-${action.replace('_', '-')}`,
    context: { consent_status: consentCookieValue(settings) },
    data: { label: consentCookieValue(settings) },
  });
}
import styles from './consent-dialog.module.css';

interface ConsentDialogProps {
  kind: ReturnType<typeof privacyButtonKind>;
  /** Offered without being asked for: a banner over the page's foot, not a modal. */
  banner?: boolean;
  onClose: () => void;
}

export default function ConsentDialog({ kind, banner = false, onClose }: ConsentDialogProps) {
  const t = useTranslations('consent');
  const tCommon = useTranslations('common');
  const ref = useRef<HTMLDialogElement>(null);
  /** Where the visitor was before focus came into the dialog. */
  const returnTo = useRef<Element | null>(null);
  const [settings, setSettings] = useState<ConsentSettings>(
    () => readConsent(document.cookie) ?? { analytics: false, marketing: false },
  );
  const us = kind === 'usPrivacyChoices';

  useEffect(() => {
    returnTo.current = document.activeElement;
    // The banner is open from its first render and takes no focus: the shopper may be typing.
    if (!banner) ref.current?.showModal();
  }, [banner]);

  const close = () => {
    const target = returnTo.current;
    ref.current?.close();
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  };

  const save = (action: ConsentAction, next: ConsentSettings) => {
    decide(action, next);
    close();
  };

  const toggle = (name: keyof ConsentSettings, label: string, hint: string) => (
    <label className={styles.option}>
      <input
        type="checkbox"
        checked={settings[name]}
        onChange={(event) => setSettings({ ...settings, [name]: event.target.checked })}
      />
      <span>
        <strong>{label}</strong>
        <span className={styles.hint}>{hint}</span>
      </span>
    </label>
  );

  return (
    <dialog
      ref={ref}
      open={banner || undefined}
      className={banner ? `${styles.dialog} ${styles.banner}` : styles.dialog}
      aria-labelledby="consent-title"
      onClose={onClose}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (from instanceof Element && !event.currentTarget.contains(from)) {
          returnTo.current = from;
        }
      }}
      data-section="consent"
    >
      <h2 id="consent-title">{us ? t('usTitle') : t('title')}</h2>
      <p>{us ? t('usIntro') : t('intro')}</p>
      <div className={styles.options}>
        <label className={styles.option}>
          <input type="checkbox" checked disabled />
          <span>
            <strong>{t('necessary')}</strong>
            <span className={styles.hint}>{t('necessaryHint')}</span>
          </span>
        </label>
        {us ? (
          <label className={styles.option}>
            <input
              type="checkbox"
              checked={!settings.marketing}
              onChange={(event) =>
                setSettings({ analytics: !event.target.checked, marketing: !event.target.checked })
              }
            />
            <span>
              <strong>{t('optOut')}</strong>
            </span>
          </label>
        ) : (
          <>
            {toggle('analytics', t('analytics'), t('analyticsHint'))}
            {toggle('marketing', t('marketing'), t('marketingHint'))}
          </>
        )}
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => save('reject_all', { analytics: false, marketing: false })}
        >
          {t('rejectAll')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => save('save', settings)}
        >
          {t('save')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => save('accept_all', { analytics: true, marketing: true })}
        >
          {t('acceptAll')}
        </button>
        <button type="button" className={styles.close} onClick={close}>
          {tCommon('close')}
        </button>
      </div>
    </dialog>
  );
}
