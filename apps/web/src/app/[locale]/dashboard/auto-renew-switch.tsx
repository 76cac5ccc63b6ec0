'use client';
/**
 * A subscription's auto-renew as a switch (role="switch", Space and Enter toggle it like any
 * button). Off: the subscription ends with its paid term; the page then shows "Ends on …".
 */
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { sendAccountAction } from './account-action';
import styles from './dashboard.module.css';

interface AutoRenewSwitchProps {
  url: string;
  on: boolean;
  /** The switch's name ("Auto-renew"), its two states and the failure message, translated. */
  label: string;
  onText: string;
  offText: string;
  failedText: string;
}

export default function AutoRenewSwitch({
  url,
  on,
  label,
  onText,
  offText,
  failedText,
}: AutoRenewSwitchProps) {
  const router = useRouter();
  const [checked, setChecked] = useState(on);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();

  const toggle = () => {
    if (pending) return;
    const next = !checked;
    setChecked(next);
    setFailed(false);
    startTransition(async () => {
      const done = await sendAccountAction({ method: 'PUT', url, body: { autoRenew: next } });
      if (!done) {
        setChecked(!next);
        setFailed(true);
        return;
      }
      router.refresh();
    });
  };

  return (
    <div className={styles.switchRow}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-busy={pending}
        // Not `disabled`: a disabled button loses the focus, which then fell to the page's body.
        aria-disabled={pending}
        className={styles.switch}
        onClick={toggle}
      >
        <span className={styles.knob} aria-hidden="true" />
      </button>
      <span aria-hidden="true">{checked ? onText : offText}</span>
      {failed ? (
        <span role="alert" className={styles.error}>
          {failedText}
        </span>
      ) : null}
    </div>
  );
}
