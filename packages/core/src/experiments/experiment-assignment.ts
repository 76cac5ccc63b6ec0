/**
 * Experiment assignment (spec §4). Pure: the caller hands in the definitions, what the visitor's
 * cookies say, the request's facts and a random source (tests pass a seeded one).
 */
import { ruleFacts, type RuleContext } from './experiment-rules';
import {
  experimentTable,
  isLiveAt,
  type CompiledExperiment,
  type ExperimentTable,
} from './experiment-table';
import { EXCLUDED_VARIANT, type Experiment } from './experiments';

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

/** Segment experiments of one isolation group exclude each other: one of each group stays. */
function oneOfEachGroup(
  experiments: readonly CompiledExperiment[],
  random: () => number,
  takenGroups: ReadonlySet<string>,
): CompiledExperiment[] {
  const groups = new Map<string, CompiledExperiment[]>();
  for (const c of experiments) {
    const isolate = c.experiment.isolate;
    if (typeof isolate !== 'string' || takenGroups.has(isolate)) continue;
    const members = groups.get(isolate);
    if (members) members.push(c);
    else groups.set(isolate, [c]);
  }
  if (groups.size === 0) return experiments.filter((c) => typeof c.experiment.isolate !== 'string');
  const chosen = new Set<CompiledExperiment>();
  for (const members of groups.values()) {
    const one = pickOne(members, random);
    if (one) chosen.add(one);
  }
  return experiments.filter((c) => typeof c.experiment.isolate !== 'string' || chosen.has(c));
}

/**
 * Reads what the cookies (or QA) name: an entry of an unknown experiment or variant is ignored,
 * so a tampered value is assigned afresh.
 */
function known(table: ExperimentTable, entries: Assignments | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!entries) return out;
  for (const id in entries) {
    const value = entries[id];
    if (value !== undefined && table.byId.get(id)?.values.has(value)) out[id] = value;
  }
  return out;
}

export function assignExperiments(input: AssignmentInput): AssignmentResult {
  const { now, random } = input;
  const none: AssignmentResult = {
    assignments: {},
    active: {},
    userType: 'NEW_USER',
    overlapMode: 'SEGMENT',
    bucket: null,
    redirectTo: null,
  };
  if (input.monitoring) return none;
  const table = experimentTable(input.experiments);
  const facts = ruleFacts(input.context);
  const memo = new Uint8Array(table.ruleCount);
  const time = now.getTime();

  const kept = known(table, input.previous);
  const forced = known(table, input.forced);

  let firstKept: CompiledExperiment | undefined;
  for (const id in kept) {
    firstKept = table.byId.get(id);
    break;
  }
  const userType: UserType = !firstKept
    ? 'NEW_USER'
    : firstKept.experiment.isolate === true
      ? 'ISOLATED'
      : 'OVERLAPPING';
  // Running, inside its dates and targeting this request: one flag per experiment.
  const live = new Uint8Array(table.list.length);
  let overlapMode: OverlapMode = 'SEGMENT';
  for (const c of table.list) {
    if (!isLiveAt(c, time) || !c.matches(facts, memo)) continue;
    live[c.index] = 1;
    if (c.experiment.type === 'redirect' && c.experiment.id in kept) overlapMode = 'REDIRECT';
  }

  const added: Record<string, string> = {};
  let bucket: Bucket | null = null;
  if (userType !== 'ISOLATED') {
    const takenGroups = new Set<string>();
    for (const id in kept) {
      const isolate = table.byId.get(id)?.experiment.isolate;
      if (typeof isolate === 'string') takenGroups.add(isolate);
    }
    const buckets: Record<Bucket, CompiledExperiment[]> = {
      isolated: [],
      segment: [],
      redirect: [],
    };
    for (const c of table.list) {
      const e = c.experiment;
      if (!live[c.index] || e.id in kept || e.id in forced) continue;
      // An isolated experiment only takes visitors who are in no experiment yet.
      if (e.isolate === true) {
        if (userType === 'NEW_USER') buckets.isolated.push(c);
      } else if (e.type === 'segment') buckets.segment.push(c);
      // One redirect at a time: a visitor already redirected by one gets no second.
      else if (overlapMode !== 'REDIRECT') buckets.redirect.push(c);
    }
    const total = buckets.isolated.length + buckets.segment.length + buckets.redirect.length;
    if (total > 0) {
      let point = random() * total;
      bucket =
        (['isolated', 'segment', 'redirect'] as const).find((b) => {
          point -= buckets[b].length;
          return point < 0;
        }) ?? 'redirect';
      const addSegments = () => {
        for (const c of oneOfEachGroup(buckets.segment, random, takenGroups)) {
          added[c.experiment.id] = chooseVariant(c.experiment, random);
        }
      };
      if (bucket === 'segment') addSegments();
      else {
        const picked = pickOne(buckets[bucket], random);
        if (picked) {
          const value = chooseVariant(picked.experiment, random);
          added[picked.experiment.id] = value;
          // A redirect pick that does not redirect leaves the visitor here: segments may apply.
          if (bucket === 'redirect' && !picked.redirectOf.has(value)) addSegments();
        }
      }
    }
  }

  const assignments = { ...kept, ...added, ...forced };
  const active: Record<string, string> = {};
  let redirectTo: string | null = null;
  for (const id in assignments) {
    const value = assignments[id];
    const c = table.byId.get(id);
    if (!c || value === undefined || value === EXCLUDED_VARIANT) continue;
    // Running and targeting this request, or forced by QA.
    if (!(id in forced) && !live[c.index]) continue;
    active[id] = value;
    const target = c.redirectOf.get(value);
    // Never towards the page the visitor is on: a target its own triggers match would loop.
    if (target && redirectTo === null && facts.path !== target) redirectTo = target;
  }
  return { assignments, active, userType, overlapMode, bucket, redirectTo };
}
