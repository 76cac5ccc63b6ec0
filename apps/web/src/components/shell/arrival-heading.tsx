'use client';
/**
 * A page's heading that takes the focus when the page appears, so a screen reader says where the
 * shopper landed (a payment's result) instead of leaving the focus on the page's body.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function ArrivalHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
