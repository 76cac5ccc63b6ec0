/**
 * The words the web app's errors carry in the browser (spec §8), apart from the error codes'
 * table in errors.ts, so every page's first load holds these few strings and not the table.
 */

/** Labels the analytics layer attaches to error screens (spec §8). */
export function analyticsErrorLabel(status: number): string {
  if (status === 404) return 'Page not found';
  if (status === 429) return 'User exceeded request limit';
  return 'Generic error';
}

/** Misuse errors thrown by the web app's context hooks (spec §8). */
export const MISUSE_ERRORS = {
  queryParams: 'useQueryParams is used outside of QueryParamsProvider',
  appContext: 'useAppContext: is used outside of AppContextProvider',
  popovers: 'usePopover is used outside of PopoversProvider',
} as const;
