/**
 * Experiment assignment (spec §4). Pure: the caller hands in the definitions, what the visitor's
 * cookies say, the request's facts and a random source (tests pass a seeded one).
 */
import { evaluateRules, experimentPath, type RuleContext } from './experiment-rules';
import { EXCLUDED_VARIANT, isLive, type Experiment } from './experiments';

/** Experiment id → variant value (or 'excl'), in the order they were assigned. */
export type Assignments = Readonly<Record<string, string>>;

export type UserType = 'NEW_USER' | 'ISOLATED' | 'OVERLAPPING';
export type OverlapMode = 'REDIRECT' | 'SEGMENT';
export type Bucket = 'isolated' | 'segment' | 'redirect';

export interface AssignmentInput {
  experiments: readonly Experiment[];
  /** What the visitor's cookies say; unknown ids and variants are dropped here. */
  previous: Assignments;
  context: RuleContext;
  now: Date;
  /** `monitoring=true`: synthetic monitoring gets no experiments, and keeps none. */
  monitoring: boolean;
  /** QA: variants to show whatever the assignment says, also of paused experiments. */
  forced?: Assignments;
  /** Returns a number in [0, 1), like Math.random. */
  random: () => number;
}

export interface AssignmentResult {
  /** Everything to keep in the cookies, earlier assignments first. */
  assignments: Assignments;
  /** What this request renders: live (or forced) experiments, excluded share left out. */
  active: Assignments;
  userType: UserType;
  overlapMode: OverlapMode;
  /** The bucket this request drew new experiments from, if it drew. */
  bucket: Bucket | null;
  /** A redirect variant's target for this request (the caller keeps the query). */
  redirectTo: string | null;
}

const isVariantOf = (experiment: Experiment, value: string) =>
  value === EXCLUDED_VARIANT || experiment.variants.some((v) => v.value === value);

/** The excluded share first (allocation below 1), then the variants by weight. */
export function chooseVariant(experiment: Experiment, random: () => number): string {
  if (random() >= experiment.allocation) return EXCLUDED_VARIANT;
  const total = experiment.variants.reduce((sum, v) => sum + v.weight, 0);
  let point = random() * total;
  for (const variant of experiment.variants) {
    if (variant.weight === 0) continue;
    point -= variant.weight;
    if (point < 0) return variant.value;
  }
  // Floating-point leftovers land on the last variant with weight.
  return experiment.variants.filter((v) => v.weight > 0).at(-1)?.value ?? EXCLUDED_VARIANT;
}

const pickOne = <T>(items: readonly T[], random: () => number): T | undefined =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))];

function matches(experiment: Experiment, context: RuleContext): boolean {
  return (
    (experiment.triggers === null || evaluateRules(experiment.triggers, context)) &&
    (experiment.filterSettings === null || evaluateRules(experiment.filterSettings, context))
  );
}

/** Segment experiments of one isolation group exclude each other: one of each group stays. */
function oneOfEachGroup(
  experiments: readonly Experiment[],
  random: () => number,
  takenGroups: ReadonlySet<string>,
): Experiment[] {
  const groups = new Map<string, Experiment[]>();
  const free: Experiment[] = [];
  for (const e of experiments) {
    if (typeof e.isolate !== 'string') free.push(e);
    else if (!takenGroups.has(e.isolate))
      groups.set(e.isolate, [...(groups.get(e.isolate) ?? []), e]);
  }
  const chosen = [...groups.values()].flatMap((members) => pickOne(members, random) ?? []);
  return experiments.filter((e) => free.includes(e) || chosen.includes(e));
}

export function assignExperiments(input: AssignmentInput): AssignmentResult {
  const { experiments, context, now, random } = input;
  const none: AssignmentResult = {
    assignments: {},
    active: {},
    userType: 'NEW_USER',
    overlapMode: 'SEGMENT',
    bucket: null,
    redirectTo: null,
  };
  if (input.monitoring) return none;
  const byId = new Map(experiments.map((e) => [e.id, e]));

  // A tampered or unknown cookie entry is ignored; the experiment is then assigned afresh.
  const kept: Record<string, string> = {};
  for (const [id, value] of Object.entries(input.previous)) {
    const experiment = byId.get(id);
    if (experiment && isVariantOf(experiment, value)) kept[id] = value;
  }
  const forced: Record<string, string> = {};
  for (const [id, value] of Object.entries(input.forced ?? {})) {
    const experiment = byId.get(id);
    if (experiment && isVariantOf(experiment, value)) forced[id] = value;
  }

  const keptIds = Object.keys(kept);
  const first = byId.get(keptIds[0] ?? '');
  const userType: UserType = !first
    ? 'NEW_USER'
    : first.isolate === true
      ? 'ISOLATED'
      : 'OVERLAPPING';
  const live = experiments.filter((e) => isLive(e, now) && matches(e, context));
  const overlapMode: OverlapMode = live.some((e) => e.type === 'redirect' && e.id in kept)
    ? 'REDIRECT'
    : 'SEGMENT';

  const added: Record<string, string> = {};
  let bucket: Bucket | null = null;
  if (userType !== 'ISOLATED') {
    const takenGroups = new Set(
      keptIds.flatMap((id) => {
        const isolate = byId.get(id)?.isolate;
        return typeof isolate === 'string' ? [isolate] : [];
      }),
    );
    const fresh = live.filter((e) => !(e.id in kept) && !(e.id in forced));
    const buckets: Record<Bucket, Experiment[]> = {
      // An isolated experiment only takes visitors who are in no experiment yet.
      isolated: userType === 'NEW_USER' ? fresh.filter((e) => e.isolate === true) : [],
      segment: fresh.filter((e) => e.isolate !== true && e.type === 'segment'),
      // One redirect at a time: a visitor already redirected by one gets no second.
      redirect:
        overlapMode === 'REDIRECT'
          ? []
          : fresh.filter((e) => e.isolate !== true && e.type === 'redirect'),
    };
    const total = buckets.isolated.length + buckets.segment.length + buckets.redirect.length;
    if (total > 0) {
      let point = random() * total;
      bucket =
        (['isolated', 'segment', 'redirect'] as const).find((b) => {
          point -= buckets[b].length;
          return point < 0;
        }) ?? 'redirect';
      const addSegments = () => {
        for (const e of oneOfEachGroup(buckets.segment, random, takenGroups)) {
          added[e.id] = chooseVariant(e, random);
        }
      };
      if (bucket === 'segment') addSegments();
      else {
        const experiment = pickOne(buckets[bucket], random);
        if (experiment) {
          const value = chooseVariant(experiment, random);
          added[experiment.id] = value;
          const redirects = experiment.variants.some((v) => v.value === value && v.redirectTo);
          // A redirect pick that does not redirect leaves the visitor here: segments may apply.
          if (bucket === 'redirect' && !redirects) addSegments();
        }
      }
    }
  }

  const assignments = { ...kept, ...added, ...forced };
  const active: Record<string, string> = {};
  let redirectTo: string | null = null;
  for (const [id, value] of Object.entries(assignments)) {
    const experiment = byId.get(id);
    if (!experiment || value === EXCLUDED_VARIANT) continue;
    // Running and targeting this request, or forced by QA.
    if (!(id in forced) && !live.includes(experiment)) continue;
    active[id] = value;
    const target = experiment.variants.find((v) => v.value === value)?.redirectTo;
    // Never towards the page the visitor is on: a target its own triggers match would loop.
    if (target && redirectTo === null && experimentPath(context.path) !== target) {
      redirectTo = target;
    }
  }
  return { assignments, active, userType, overlapMode, bucket, redirectTo };
}
