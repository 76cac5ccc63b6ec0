'use client';
/** Renders nothing; once the page is on screen, records the exposures of its variants. */
import { useEffect } from 'react';
import { recordExposure } from './exposure';

export function ExperimentExposures({ variants }: { variants: Readonly<Record<string, string>> }) {
  useEffect(() => {
    for (const [id, variant] of Object.entries(variants)) recordExposure(id, variant);
  }, [variants]);
  return null;
}
