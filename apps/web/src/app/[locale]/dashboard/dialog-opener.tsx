'use client';
import type { ReactNode, RefObject } from 'react';

/** The button that opens a dashboard action's modal dialog, clearing its last failure first. */
export function DialogOpener({
  dialog,
  onOpen,
  children,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  onOpen: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="link-button"
      aria-haspopup="dialog"
      onClick={() => {
        onOpen();
        dialog.current?.showModal();
      }}
    >
      {children}
    </button>
  );
}
