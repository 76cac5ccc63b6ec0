'use client';
/** Footer privacy button; the preferences dialog loads only when the visitor opens it. */
import { lazy, Suspense, useState } from 'react';
import type { privacyButtonKind } from '@checkout/core';

const ConsentDialog = lazy(() => import('./consent-dialog'));

interface PrivacyButtonProps {
  kind: ReturnType<typeof privacyButtonKind>;
  label: string;
}

export function PrivacyButton({ kind, label }: PrivacyButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ConsentDialog kind={kind} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
