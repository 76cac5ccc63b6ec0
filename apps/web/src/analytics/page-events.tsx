'use client';
/** The event an error screen reports once it is shown (the success page's is conversion-event.tsx). */
import { useEffect } from 'react';
import { track } from './track';

export function ErrorEvent({ label }: { label: string }) {
  useEffect(() => {
    track('error', { context: { error_message: label } });
  }, [label]);
  return null;
}
