'use client';
/**
 * A dashboard action that asks first (cancel a subscription, refund an order): the button opens
 * a modal dialog (native <dialog>: focus moves in and is trapped, Escape closes it, focus goes
 * back to the button) whose safe choice has the focus; confirming sends the call once.
 */
import { useEffect, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { sendAccountAction, type AccountRequest } from './account-action';
import styles from './dashboard.module.css';
import { DialogEnd } from './dialog-end';
import { DialogOpener } from './dialog-opener';

interface ConfirmActionProps {
  request: AccountRequest;
  /** A stable id for the dialog's title and text. */
  id: string;
  /** The action's name: on the button that opens the dialog and on the one that confirms. */
  label: string;
  title: string;
  body: string;
  backText: string;
  failedText: string;
}

export default function ConfirmAction({
  request,
  id,
  label,
  title,
  body,
  backText,
  failedText,
}: ConfirmActionProps) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  // The row of a confirmed action: the refresh removes this action (a refunded order has no
  // refund button) and with it the focus, which then goes to the row instead of the page's body.
  const row = useRef<HTMLElement | null>(null);
  useEffect(
    () => () => {
      const target = row.current;
      if (!target?.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      target.tabIndex = -1;
      target.focus();
    },
    [],
  );

  const confirm = () => {
    setFailed(false);
    row.current = dialog.current?.closest('tr') ?? null;
    startTransition(async () => {
      if (await sendAccountAction(request)) {
        dialog.current?.close();
        router.refresh();
      } else {
        setFailed(true);
      }
    });
  };

  return (
    <>
      <DialogOpener dialog={dialog} onOpen={() => setFailed(false)}>
        {label}
      </DialogOpener>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-body`}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-body`}>{body}</p>
        <DialogEnd dialog={dialog} failed={failed} failedText={failedText} backText={backText}>
          <button
            type="button"
            className={`button ${styles.danger}`}
            disabled={pending}
            aria-busy={pending}
            onClick={confirm}
          >
            {label}
          </button>
        </DialogEnd>
      </dialog>
    </>
  );
}
