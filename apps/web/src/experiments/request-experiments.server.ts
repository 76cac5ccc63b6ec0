/**
 * Assignment in the request pipeline (the proxy), before anything renders: the first paint
 * already shows the visitor's variants. Reads the experiment cookies, assigns (spec §4), and
 * answers with what the page renders and the cookies to keep.
 */
import 'server-only';
import type { NextRequest } from 'next/server';
import {
  assignExperiments,
  deviceTypeFrom,
  EXCLUDED_VARIANT,
  EXPERIMENT_COOKIE,
  EXPERIMENT_GLOBAL_COOKIE,
  EXPERIMENT_LOCAL_COOKIE,
  formatAssignments,
  isLive,
  isPricingExperiment,
  LOCALE_CODES,
  DEFAULT_LOCALE,
  parseAssignments,
  splitByScope,
  type AssignmentResult,
  type Experiment,
} from '@checkout/core';

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
  const first = path.split('/')[1] ?? '';
  return (LOCALE_CODES as readonly string[]).includes(first) ? first : DEFAULT_LOCALE;
}

/**
 * `exp_package_identifier` in a link names a package of a live pricing experiment's variant:
 * the visitor is put into that variant (a campaign link into one price test arm).
 */
function variantOfPackage(experiments: readonly Experiment[], pkg: string | null, now: Date) {
  if (!pkg) return {};
  for (const e of experiments) {
    if (!isLive(e, now) || !isPricingExperiment(e)) continue;
    const variant = e.variants.find((v) => Object.values(v.packages ?? {}).includes(pkg));
    if (variant) return { [e.id]: variant.value };
  }
  return {};
}

export function requestExperiments(
  request: NextRequest,
  experiments: readonly Experiment[],
  facts: { country: string; qa: boolean },
  random: () => number = Math.random,
  now = new Date(),
): RequestExperiments {
  const { pathname, searchParams } = request.nextUrl;
  const cookie = (name: string) => request.cookies.get(name)?.value;
  // Global assignments first: they were made on another project, earlier.
  const previous = {
    ...parseAssignments(cookie(EXPERIMENT_GLOBAL_COOKIE)),
    ...parseAssignments(cookie(EXPERIMENT_LOCAL_COOKIE)),
  };
  const forced = {
    ...variantOfPackage(experiments, searchParams.get('exp_package_identifier'), now),
    ...(facts.qa ? parseAssignments(searchParams.get(FORCE_PARAM)) : {}),
  };
  const monitoring = searchParams.get('monitoring') === 'true';
  const result = assignExperiments({
    experiments,
    previous,
    forced,
    monitoring,
    now,
    random,
    context: {
      path: pathname,
      country: facts.country,
      language: languageOfPath(pathname),
      cookies: Object.fromEntries(request.cookies.getAll().map((c) => [c.name, c.value])),
      params: Object.fromEntries(searchParams),
      custom: {
        deviceType: deviceTypeFrom(request.headers.get('user-agent')),
        productGroup: searchParams.get('product_group') ?? 'vpn',
      },
    },
  });
  const byId = new Map(experiments.map((e) => [e.id, e]));
  const visitor = Object.fromEntries(
    Object.entries(result.assignments).filter(([id, value]) => {
      const e = byId.get(id);
      return value !== EXCLUDED_VARIANT && e !== undefined && (isLive(e, now) || id in forced);
    }),
  );
  const pricingExperimentId =
    Object.keys(result.active).find((id) => {
      const e = byId.get(id);
      return e !== undefined && isPricingExperiment(e);
    }) ?? null;
  const { global, local } = splitByScope(result.assignments, experiments);
  return {
    result,
    cookies: monitoring
      ? null
      : {
          [EXPERIMENT_COOKIE]: formatAssignments(visitor),
          [EXPERIMENT_GLOBAL_COOKIE]: formatAssignments(global),
          [EXPERIMENT_LOCAL_COOKIE]: formatAssignments(local),
        },
    visitorExperiments: formatAssignments(visitor),
    pricingExperimentId,
  };
}
