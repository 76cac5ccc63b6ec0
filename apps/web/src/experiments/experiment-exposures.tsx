'use client';
/**
 * Renders nothing; once the page is on screen, records the exposures of its variants (the
 * recording's code loads then, not with the page).
 */
import { useEffect } from 'react';

export function ExperimentExposures({ variants }: { variants: Readonly<Record<string, string>> }) {
  useEffect(() => {
    void import('./exposure').then(({ recordExposure }) => {
      for (const [id, variant] of Object.entries(variants)) recordExposure(id, variant);
    });
  }, [variants]);
  return null;
}
