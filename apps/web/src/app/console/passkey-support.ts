'use client';

import { useSyncExternalStore } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

const unchanging = () => () => {};

/** Whether this browser offers WebAuthn (false while rendered on the server). */
export function useWebAuthn(): boolean {
  return useSyncExternalStore(unchanging, browserSupportsWebAuthn, () => false);
}
