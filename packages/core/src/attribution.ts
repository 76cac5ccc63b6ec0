/**
 * Marketing attribution (spec §3, §9): where a visit came from (source, medium, campaign, term,
 * content, date, hostname, query), kept for the current and the first session in cookies of
 * 182 days, serialized and trimmed to 512 characters, and stored on the order at payment start.
 * The cookies stay readable by the page's scripts (the tracker reads and writes them), so they
 * hold attribution only (attributionQuery).
 */
export const ATTRIBUTION_CURRENT_COOKIE = 'attribution_current';
export const ATTRIBUTION_FIRST_COOKIE = 'attribution_first';
export const ATTRIBUTION_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;
export const ATTRIBUTION_MAX_LENGTH = 512;

/** Spec §9: a referrer on these engines is organic search. */
export const ORGANIC_ENGINES = ['bing', 'google', 'yahoo', 'baidu', 'yandex', 'ask'] as const;

/** Spec §9: click ids that make a visit a paid one, and the engine that set them. */
const CLICK_IDS: readonly [param: string, source: string][] = [
  ['gclid', 'google'],
  ['msclickid', 'bing'],
  // Microsoft Ads' own spelling; the spec's msclickid is kept too.
  ['msclkid', 'bing'],
];

/** Spec §2: the tracking ids the checkout carries on to the pages it links to. */
const TRACKING_IDS: readonly string[] = ['nv_tri', 'nv_trs'];

/**
 * The landing query as attribution keeps it: utm_* parameters, click ids and tracking ids. The
 * rest of an address (an e-mail, a QA or login token, a cart id) is no attribution, and would
 * otherwise sit for 182 days in a cookie the page's scripts read, and on the order (the api's
 * migration 0024 applied this rule to the orders' copies made before it).
 */
export function attributionQuery(query: string): string {
  const kept = [...new URLSearchParams(query)].filter(
    ([name]) =>
      name.startsWith('utm_') ||
      CLICK_IDS.some(([param]) => param === name) ||
      TRACKING_IDS.includes(name),
  );
  return new URLSearchParams(kept).toString();
}

export const ATTRIBUTION_FIELDS = [
  'source',
  'medium',
  'campaign',
  'term',
  'content',
  'date',
  'hostname',
  'query',
] as const;

/** One session's attribution; its cookie is read with attribution-cookie.ts's schema. */
export type Attribution = Record<(typeof ATTRIBUTION_FIELDS)[number], string>;

/** The engine a referrer host belongs to (www.google.co.uk → google), if it is one. */
export function organicEngine(hostname: string): string | undefined {
  const labels = hostname.toLowerCase().split('.');
  return ORGANIC_ENGINES.find((engine) => labels.includes(engine));
}

export function isOrganic(record: Attribution): boolean {
  return record.medium === 'organic';
}

/**
 * What this landing says about where the visitor came from, or null when it says nothing new
 * (a navigation inside the checkout, or no referrer and no campaign parameters).
 */
export function attributionOfVisit(landing: URL, referrer: string, now: Date): Attribution | null {
  const params = landing.searchParams;
  let referrerHost = '';
  try {
    referrerHost = referrer ? new URL(referrer).hostname : '';
  } catch {
    referrerHost = '';
  }
  const base = {
    campaign: params.get('utm_campaign') ?? '',
    term: params.get('utm_term') ?? '',
    content: params.get('utm_content') ?? '',
    date: now.toISOString(),
    hostname: landing.hostname,
    query: attributionQuery(landing.search),
  };
  const click = CLICK_IDS.find(([param]) => params.has(param));
  if (click) {
    return { ...base, source: params.get('utm_source') ?? click[1], medium: 'cpc' };
  }
  const utmSource = params.get('utm_source');
  if (utmSource) return { ...base, source: utmSource, medium: params.get('utm_medium') ?? '' };
  if (!referrerHost || referrerHost === landing.hostname) return null;
  const engine = organicEngine(referrerHost);
  return engine
    ? { ...base, source: engine, medium: 'organic' }
    : { ...base, source: referrerHost, medium: 'referral' };
}

export interface AttributionState {
  current: Attribution | null;
  first: Attribution | null;
}

/**
 * The first session is kept for good. The current session resets when the new visit's source is
 * not organic (a campaign, an ad click, a referral); an organic visit starts one only when none
 * is running, so it never overwrites the paid click that brought the visitor.
 */
export function nextAttribution(
  state: AttributionState,
  visit: Attribution | null,
): AttributionState {
  if (!visit) return state;
  const current = !isOrganic(visit) || !state.current ? visit : state.current;
  return { current, first: state.first ?? visit };
}

/**
 * `source=…&medium=…`, at most 512 characters, always parseable: the query gives way first,
 * then whichever value is longest.
 */
export function serializeAttribution(record: Attribution): string {
  const trimmed = { ...record };
  for (const f of ATTRIBUTION_FIELDS) trimmed[f] = trimmed[f].slice(0, ATTRIBUTION_MAX_LENGTH);
  const encode = () =>
    new URLSearchParams(
      ATTRIBUTION_FIELDS.map((f): [string, string] => [f, trimmed[f]]),
    ).toString();
  let value = encode();
  while (value.length > ATTRIBUTION_MAX_LENGTH) {
    const excess = value.length - ATTRIBUTION_MAX_LENGTH;
    const longest = trimmed.query
      ? 'query'
      : ATTRIBUTION_FIELDS.reduce((a, b) => (trimmed[b].length > trimmed[a].length ? b : a));
    // An encoded character takes 1 to 9 characters: cut at least one, at most the excess.
    trimmed[longest] = trimmed[longest].slice(0, -Math.max(1, Math.floor(excess / 9)));
    value = encode();
  }
  return value;
}
