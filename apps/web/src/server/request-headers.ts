/** Names shared by the proxy (which sets them) and server components (which read them). */
export const REQUEST_URL_HEADER = 'x-checkout-url';
export const REQUEST_FF_HEADER = 'x-checkout-ff';
export const QA_COOKIE = 'qa_user';
/** The visitor's variants this page renders (`id:variant` joined with '+'). */
export const REQUEST_EXPERIMENTS_HEADER = 'x-checkout-experiments';
/** The visitor's variants of every live experiment: the experiment header of api calls. */
export const REQUEST_VISITOR_EXPERIMENTS_HEADER = 'x-checkout-visitor-experiments';
/** The pricing experiment the page prices with (spec §3 pricingExperimentId), or empty. */
export const REQUEST_PRICING_EXPERIMENT_HEADER = 'x-checkout-pricing-experiment';
