'use client';
/**
 * The did-you-mean hint under the e-mail field ("anna@gmial.com" → "anna@gmail.com"). The spell
 * checker and its domain lists load at the first '@' the shopper types, not with the page.
 */
import { useEffect, useState } from 'react';
import type { run } from '@zootools/email-spell-checker';

type Checker = typeof run;

/** The address the shopper probably meant, when it differs from what was typed. */
export function useEmailSuggestion(email: string): string | undefined {
  const wanted = email.includes('@');
  const [check, setCheck] = useState<Checker>();
  useEffect(() => {
    if (!wanted || check) return;
    let live = true;
    import('@zootools/email-spell-checker').then(
      (checker) => {
        if (live) setCheck(() => checker.run);
      },
      // Without the checker there is no hint; the field works the same.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, check]);
  if (!wanted || !check) return undefined;
  const typed = email.trim();
  const full = check({ email: typed })?.full;
  return full && full !== typed ? full : undefined;
}
