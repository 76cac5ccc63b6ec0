/**
 * Assignment in the request pipeline (the proxy), before anything renders: the first paint
 * already shows the visitor's variants. Reads the experiment cookies, assigns (spec §4), and
 * answers with what the page renders and the cookies to keep.
 */
import 'server-only';
import type { NextRequest } from 'next/server';
import {
  assignExperiments,
  EXCLUDED_VARIANT,
  EXPERIMENT_COOKIE,
  EXPERIMENT_GLOBAL_COOKIE,
  EXPERIMENT_LOCAL_COOKIE,
  experimentTable,
  formatAssignments,
  isLiveAt,
  parseAssignments,
  type AssignmentResult,
  type Experiment,
  type ExperimentTable,
} from '@checkout/core/experiments';
import { deviceTypeFrom } from '../rules/app-context';
import { LOCALE_CODES, DEFAULT_LOCALE } from '@checkout/core';

/** QA visitors force variants with `?force_experiment=id:variant+id:variant`. */
export const FORCE_PARAM = 'force_experiment';

export interface RequestExperiments {
  result: AssignmentResult;
  /** The cookie values to keep; null for monitoring (nothing is kept for it). */
  cookies: Record<string, string> | null;
  /** The visitor's variants of live experiments: the experiment header of api calls. */
  visitorExperiments: string;
  /** The pricing experiment this page prices with, if the visitor is in one's variant. */
  pricingExperimentId: string | null;
}

function languageOfPath(path: string): string {
  const end = path.indexOf('/', 1);
  const first = path.slice(1, end < 0 ? undefined : end);
  return LOCALES.has(first) ? first : DEFAULT_LOCALE;
}

const LOCALES: ReadonlySet<string> = new Set(LOCALE_CODES);

/**
 * `exp_package_identifier` in a link names a package of a live pricing experiment's variant:
 * the visitor is put into that variant (a campaign link into one price test arm).
 */
function variantOfPackage(table: ExperimentTable, pkg: string | null, time: number) {
  for (const { experiment, value } of (pkg && table.variantsOfPackage.get(pkg)) || []) {
    if (isLiveAt(experiment, time)) return { [experiment.experiment.id]: value };
  }
  return {};
}

function recordOf(entries: Iterable<{ name: string; value: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of entries) out[name] = value;
  return out;
}

/** No experiment cookie: the visitor does not allow analytics, or never had one. */
const FORGOTTEN: Readonly<Record<string, string>> = {
  [EXPERIMENT_COOKIE]: '',
  [EXPERIMENT_GLOBAL_COOKIE]: '',
  [EXPERIMENT_LOCAL_COOKIE]: '',
};

/**
 * `facts.analytics`: the visitor allows analytics (their decision, or their country's default).
 * Without it (docs/decisions/007) nothing is read back or kept: the visitor sees the control,
 * or for this page only a variant the link itself asks for, and any experiment cookie is removed.
 */
export function requestExperiments(
  request: NextRequest,
  experiments: readonly Experiment[],
  facts: { country: string; qa: boolean; analytics: boolean },
  random: () => number = Math.random,
  now = new Date(),
): RequestExperiments {
  const { pathname, searchParams } = request.nextUrl;
  const table = experimentTable(experiments);
  const time = now.getTime();
  const cookies = recordOf(request.cookies.getAll());
  // Global assignments first: they were made on another project, earlier.
  const previous = facts.analytics
    ? {
        ...parseAssignments(cookies[EXPERIMENT_GLOBAL_COOKIE]),
        ...parseAssignments(cookies[EXPERIMENT_LOCAL_COOKIE]),
      }
    : {};
  const forced = {
    ...variantOfPackage(table, searchParams.get('exp_package_identifier'), time),
    ...(facts.qa ? parseAssignments(searchParams.get(FORCE_PARAM)) : {}),
  };
  const monitoring = searchParams.get('monitoring') === 'true';
  const params: Record<string, string> = {};
  for (const [name, value] of searchParams) params[name] = value;
  const result = assignExperiments({
    experiments: facts.analytics
      ? experiments
      : experiments.filter((e) => Object.hasOwn(forced, e.id)),
    previous,
    forced,
    monitoring,
    now,
    random,
    context: {
      path: pathname,
      country: facts.country,
      language: languageOfPath(pathname),
      cookies,
      params,
      custom: {
        deviceType: deviceTypeFrom(request.headers.get('user-agent')),
        productGroup: searchParams.get('product_group') ?? 'vpn',
      },
    },
  });
  // One pass over the assignments: the visitor's live ones, the pricing one, the two scopes.
  const visitor: Record<string, string> = {};
  const global: Record<string, string> = {};
  const local: Record<string, string> = {};
  let pricingExperimentId: string | null = null;
  for (const id in result.assignments) {
    const value = result.assignments[id] ?? EXCLUDED_VARIANT;
    const c = table.byId.get(id);
    if (c?.global) global[id] = value;
    else local[id] = value;
    if (c === undefined) continue;
    if (value !== EXCLUDED_VARIANT && (isLiveAt(c, time) || id in forced)) visitor[id] = value;
    if (pricingExperimentId === null && c.pricing && id in result.active) pricingExperimentId = id;
  }
  const visitorExperiments = formatAssignments(visitor);
  return {
    result,
    cookies: monitoring
      ? null
      : facts.analytics
        ? {
            [EXPERIMENT_COOKIE]: visitorExperiments,
            [EXPERIMENT_GLOBAL_COOKIE]: formatAssignments(global),
            [EXPERIMENT_LOCAL_COOKIE]: formatAssignments(local),
          }
        : FORGOTTEN,
    visitorExperiments,
    pricingExperimentId,
  };
}
