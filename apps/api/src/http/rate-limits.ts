/** Route options for the calls that take credentials: a stricter per-address limit. */
export const loginRateLimit = (max: number) => ({
  config: { rateLimit: { max, timeWindow: '15 minutes' } },
});
