/**
 * The query parameters the checkout reads (spec §2): their names, what a valid value looks like,
 * where each is read and what it does. A present but malformed value is ignored and removed from
 * the address (query-cleanup.ts), never an error page.
 */
import * as z from 'zod/mini';
import {
  BUNDLE_TYPES,
  SUBGROUPS,
  CURRENCIES,
  findLanguage,
  ORDER_STATUSES,
  findProvider,
  PRODUCT_GROUPS,
  FLAG_OFF,
  FLAG_ON,
  plainText,
  type QueryParamName,
} from '@checkout/core';

const flag = z.enum([FLAG_ON, FLAG_OFF]);
/** Plain text (core's plainText: zod/mini, so the browser loads no more of zod) within `max`. */
const textUpTo = (max: number) => plainText().check(z.maxLength(max));
const matching = (pattern: RegExp) => plainText().check(z.regex(pattern));
/** Identifiers of plans, packages, services, sections: lower-case slugs. */
const slug = matching(/^[a-z0-9][a-z0-9_-]{0,63}$/);
const slugList = z.pipe(
  z.pipe(
    textUpTo(1024),
    z.transform((list: string) => list.split(',')),
  ),
  z.array(slug).check(z.minLength(1), z.maxLength(16)),
);
const uuid = z.uuid();
const provider = plainText().check(z.refine((id: string) => findProvider(id) !== undefined));
/** An http(s) address or a path of this site; whether it may be followed is safeRedirectTarget's call. */
const returnAddress = z.union([
  z.url({ protocol: /^https?$/ }).check(z.maxLength(2048)),
  matching(/^\/(?![/\\])[^\s]{0,2047}$/),
]);

/** Whose merchant name the statement line shows: a product's, or the umbrella merchant's. */
export const MAIN_MERCHANTS = ['umbrella', ...PRODUCT_GROUPS] as const;
export type MainMerchant = (typeof MAIN_MERCHANTS)[number];

/**
 * What a statement descriptor may hold: card networks allow 22 characters of letters, digits,
 * spaces and a few marks, which also keeps markup and control characters out of the page.
 */
export const DESCRIPTOR_PATTERN = /^[A-Za-z0-9 .*-]{1,22}$/;

interface ParamRule {
  /** The schema a present value must pass; a failure removes the parameter from the address. */
  value: z.ZodMiniType;
  /** Where the checkout reads it (docs/features/query-parameters.md has the same table). */
  readBy: string;
}

/** Every §2 parameter: its valid values and its reader. */
export const QUERY_PARAM_RULES = {
  cart_id: { value: uuid, readBy: '/payment/ (restores the cart)' },
  confirm_email: { value: flag, readBy: '/payment/ e-mail section' },
  product_group: { value: z.enum(PRODUCT_GROUPS), readBy: 'every page (product, logo, links)' },
  product: { value: slug, readBy: '/payment/ plan preselect' },
  product_period: { value: slug, readBy: '/payment/ plan preselect' },
  product_subgroup: { value: z.enum(SUBGROUPS), readBy: '/payment/ plan filters' },
  product_filters: { value: textUpTo(512), readBy: '/payment/ plan filters' },
  product_xs: { value: z.union([flag, slug]), readBy: '/payment/ cross-sell preselect' },
  coupon: { value: matching(/^[A-Za-z0-9_-]{1,64}$/), readBy: '/payment/ coupon' },
  currency: { value: z.enum(CURRENCIES), readBy: 'every page (prices)' },
  provider: { value: provider, readBy: '/payment/ provider preselect (returning from it)' },
  payment_provider: { value: provider, readBy: '/payment/ provider preselect' },
  error: { value: z.enum(['declined', 'login_failed']), readBy: '/payment/, /oauth2/login/ alert' },
  hide_error: { value: flag, readBy: '/payment/ hides the declined alert' },
  persist_countdown: { value: flag, readBy: '/payment/ countdown' },
  qa: { value: textUpTo(2048), readBy: 'proxy (QA visitor)' },
  ff: { value: textUpTo(512), readBy: 'proxy (QA flag overrides)' },
  bundle_type: { value: z.enum(BUNDLE_TYPES), readBy: '/payment/ product (bundles only)' },
  force_login: { value: flag, readBy: 'auth (starts a login)' },
  existing_user: { value: flag, readBy: '/payment/ e-mail section' },
  exchange_token: { value: textUpTo(4096), readBy: 'auth (login)' },
  trusted_pass_token: { value: textUpTo(4096), readBy: 'auth (login)' },
  owner_id: { value: plainText().check(z.minLength(1), z.maxLength(128)), readBy: 'auth (login)' },
  nord_origin: { value: slug, readBy: 'stored with nv_tri/nv_trs, added to outgoing links' },
  redirect_uri: { value: returnAddress, readBy: '/pending/ leave link' },
  success_uri: { value: returnAddress, readBy: '/success/ continue link' },
  success_alert: { value: flag, readBy: '/success/ (carried onto success_uri)' },
  login_target: { value: textUpTo(2048), readBy: 'login (return address)' },
  descriptor: { value: matching(DESCRIPTOR_PATTERN), readBy: '/payment/ statement line' },
  package_identifier: { value: slug, readBy: '/payment/ pricing query packageId' },
  exp_package_identifier: { value: slug, readBy: '/payment/ pricing query packageId' },
  code: { value: textUpTo(4096), readBy: 'login callback (stripped)' },
  state: { value: textUpTo(4096), readBy: 'login callback (stripped)' },
  payment_step: {
    value: z.union([flag, z.enum(['plan', 'account', 'payment'])]),
    readBy: '/payment/ step',
  },
  focus: { value: slug, readBy: '/payment/ focused section' },
  plan_upgraded: { value: flag, readBy: '/success/ title' },
  services: { value: slugList, readBy: '/success/ apps to open' },
  purchase_funnel: { value: slug, readBy: '/success/ (data-purchase-funnel for analytics)' },
  main_merchant: { value: z.enum(MAIN_MERCHANTS), readBy: '/payment/ statement line' },
  amazonCheckoutSessionId: {
    value: matching(/^[A-Za-z0-9_-]{1,128}$/),
    readBy: 'stripped on /success/',
  },
  identifier: {
    value: plainText().check(z.minLength(1), z.maxLength(128)),
    readBy: 'auth (account id of the login)',
  },
  price_ids: { value: slugList, readBy: '/payment/ plan and cross-sell preselect' },
  service_price_ids: { value: slugList, readBy: '/payment/ cross-sell preselect' },
  payment_status: { value: z.enum(ORDER_STATUSES), readBy: 'flow pages (/payment/ error alert)' },
  locale: {
    value: plainText().check(z.refine((code: string) => findLanguage(code) !== undefined)),
    readBy: 'proxy (redirects to the language prefix)',
  },
} as const satisfies Readonly<Record<QueryParamName, ParamRule>>;

type ParamValue<N extends QueryParamName> = z.output<(typeof QUERY_PARAM_RULES)[N]['value']>;

function isQueryParamName(name: string): name is QueryParamName {
  return Object.hasOwn(QUERY_PARAM_RULES, name);
}

/** The parsed value of a §2 parameter, or null when it is absent or malformed. */
export function readQueryParam<N extends QueryParamName>(
  params: URLSearchParams,
  name: N,
): ParamValue<N> | null {
  const raw = params.get(name);
  if (raw === null) return null;
  const rule: ParamRule = QUERY_PARAM_RULES[name];
  const parsed = rule.value.safeParse(raw);
  return parsed.success ? (parsed.data as ParamValue<N>) : null;
}

/** Names of the §2 parameters present with a value their rule refuses (or given twice). */
export function malformedParams(params: URLSearchParams): string[] {
  const names = new Set(params.keys());
  return [...names].filter(
    (name) =>
      isQueryParamName(name) &&
      (params.getAll(name).length > 1 || readQueryParam(params, name) === null),
  );
}
