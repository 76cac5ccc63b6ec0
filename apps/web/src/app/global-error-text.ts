/**
 * The English texts of the last-resort error screen (spec §2), apart from the catalogs: that
 * screen is in every page's first load, where the whole English catalog (about 11 KB gzip)
 * would ride along with it. global-error-text.test.ts keeps them equal to messages/en.json.
 */
export const GLOBAL_ERROR_TEXT = {
  pageTitle: 'Error 500',
  title: 'Oops! Something went wrong',
  text: 'We have encountered an unexpected problem. Try again or contact support.',
  contactSupport: 'Contact Support',
} as const;
