/** Names shared by the proxy (which sets them) and server components (which read them). */
export const REQUEST_URL_HEADER = 'x-checkout-url';
export const REQUEST_FF_HEADER = 'x-checkout-ff';
export const QA_COOKIE = 'qa_user';
