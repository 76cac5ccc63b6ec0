'use client';
import type { ReactNode, RefObject } from 'react';
import styles from './dashboard.module.css';

/**
 * The end of a dashboard action's dialog: the failure of its last try, if any, then the buttons,
 * "back" first (it closes the dialog and has the focus: the safe choice), then the action's own.
 */
export function DialogEnd({
  dialog,
  failed,
  failedText,
  backText,
  children,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  failed: boolean;
  failedText: string;
  backText: string;
  children?: ReactNode;
}) {
  return (
    <>
      {failed ? (
        <p role="alert" className={styles.error}>
          {failedText}
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <button
          type="button"
          className="button button-secondary"
          autoFocus
          onClick={() => dialog.current?.close()}
        >
          {backText}
        </button>
        {children}
      </div>
    </>
  );
}
