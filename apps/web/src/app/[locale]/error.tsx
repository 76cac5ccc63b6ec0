'use client';
/**
 * The error boundary of every page (page-error.tsx): each page's first load carries it, and its
 * screen and reporting load only when an error is shown.
 */
import { deferred } from '../../lib/deferred';

export default deferred(
  () => import('./page-error'),
  (m) => m.PageError,
);
