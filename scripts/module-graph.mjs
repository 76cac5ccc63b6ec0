/**
 * The api's import graph, read with madge, and the rules of docs/architecture.md held against
 * it: no file cycle, no cycle between modules (folders under apps/api/src/modules/), the sandbox
 * gateway imported by nothing but the provider registry, the shell (db, http, jobs, mail, env)
 * importing no module, and order moves for payments from one
 * file only. Tests and test helpers are left out: they may reach anywhere.
 */
import { glob, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TESTS = [/\.test\.tsx?$/, /(^|\/)test-[\w-]+\.ts$/, /\/test-support\//];

/** Which file alone may import a module's files: the other rules of the map. */
export const ONLY_IMPORTER = {
  // The schema gathers every table for drizzle-kit, the sandbox's too.
  'apps/api/src/modules/sandbox-gateway/tables.ts': [
    'apps/api/src/provider-registry.ts',
    'apps/api/src/schema.ts',
  ],
  'apps/api/src/modules/sandbox-gateway/': ['apps/api/src/provider-registry.ts'],
  'apps/api/src/modules/payments/providers/manual-transfer.ts': [
    'apps/api/src/provider-registry.ts',
  ],
  // Payments moves orders through one file; orders' own files may use their own function.
  'apps/api/src/modules/orders/transitions.ts': [
    'apps/api/src/modules/payments/outcome.ts',
    // The consequences of a move, which checkout composes, are typed there.
    'apps/api/src/modules/checkout/complete-order.ts',
  ],
};

/** The api's shell services (telemetry among them) and core: all a shell file may import. */
const SHELL = ['db/', 'http/', 'jobs/', 'mail/', 'telemetry/', 'env.ts', 'provider-settings/']
  .map((shell) => `apps/api/src/${shell}`)
  .concat('packages/core/');

/** What a module may import at all (besides core): the sandbox talks to us through the port only. */
export const ONLY_DEPENDS_ON = {
  'apps/api/src/modules/sandbox-gateway/': [
    'apps/api/src/modules/sandbox-gateway/',
    'apps/api/src/modules/payments/providers/',
    'apps/api/src/db/',
    'apps/api/src/http/',
    // The job queue delivers its notifications later, as a provider's own queue would.
    'apps/api/src/jobs/',
    'packages/core/',
  ],
  // The shell (DESIGN: shell services) is chosen in app.ts and handed to the modules: it never
  // reaches into one. The schema that gathers every module's tables stands beside app.ts.
  ...Object.fromEntries(
    ['db/', 'http/', 'jobs/', 'mail/', 'env.ts', 'provider-settings/'].map((shell) => [
      `apps/api/src/${shell}`,
      SHELL,
    ]),
  ),
};

/**
 * `modules/<name>/…` is module <name>; anything else of the api is its own shell. The payments
 * port (`payments/providers/`: the adapter interface and the providers' vocabularies) counts as
 * a module of its own: providers depend on it, and it depends on nothing of payments.
 */
export function moduleOf(file) {
  if (file.startsWith('apps/api/src/modules/payments/providers/')) return 'payments/providers';
  const match = /^apps\/api\/src\/modules\/([\w-]+)\//.exec(file);
  return match ? match[1] : undefined;
}

/** Every file's imports (paths relative to the repository), tests excluded. */
export async function importGraph() {
  const result = await madge(
    [path.join(ROOT, 'apps/api/src'), path.join(ROOT, 'packages/core/src')],
    {
      baseDir: ROOT,
      fileExtensions: ['ts'],
      excludeRegExp: TESTS,
      tsConfig: path.join(ROOT, 'tsconfig.base.json'),
    },
  );
  return { graph: result.obj(), fileCycles: result.circular() };
}

/** Cycles between modules: a module that reaches itself through others. */
export function moduleCycles(graph) {
  const edges = new Map();
  for (const [file, deps] of Object.entries(graph)) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const dep of deps) {
      const to = moduleOf(dep);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const cycles = [];
  const seen = new Set();
  const walk = (start, at, trail) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const key = [...trail].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...trail, start]);
        }
      } else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return cycles;
}

/** Imports that break an "only this file may import it" rule. */
export function forbiddenImports(graph) {
  const found = [];
  for (const [file, deps] of Object.entries(graph)) {
    for (const dep of deps) {
      // The most specific rule that covers the import decides.
      const owned = Object.keys(ONLY_IMPORTER)
        .filter((prefix) => dep.startsWith(prefix))
        .sort((a, b) => b.length - a.length)[0];
      if (!owned) continue;
      const inside = owned.endsWith('/') ? owned : owned.replace(/[^/]+$/, '');
      if (!file.startsWith(inside) && !ONLY_IMPORTER[owned].includes(file))
        found.push(`${file} -> ${dep}`);
    }
    // Likewise the most specific rule for the importing file.
    const ruled = Object.keys(ONLY_DEPENDS_ON)
      .filter((prefix) => file.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];
    if (!ruled) continue;
    for (const dep of deps)
      if (!ONLY_DEPENDS_ON[ruled].some((prefix) => dep.startsWith(prefix)))
        found.push(`${file} -> ${dep}`);
  }
  return found;
}

/**
 * Files of the api and core that nothing of the product imports, yet belong: the entry points
 * (the api's main, drizzle-kit's schema, core's package exports) and the test tools that sit
 * beside what they test (the providers' fakes, a suite's PostgreSQL switch). Anything else
 * imported only by tests is a test helper and lives in test-support/ (or is dead code).
 */
export const ROOTS = [
  'apps/api/src/main.ts',
  'apps/api/src/schema.ts',
  'apps/api/src/db/describe-on-postgres.ts',
  'apps/api/src/modules/payments/providers/adyen-checkout/fake/',
  'apps/api/src/modules/payments/providers/paypal-orders/fake/',
  'packages/core/src/index.ts',
  'packages/core/src/contract/index.ts',
  'packages/core/src/experiments/index.ts',
  'packages/core/src/card-validation.ts',
];

/** Source files no product file imports and no root explains: used by tests alone, or by nothing. */
export function unusedByProduct(graph) {
  const imported = new Set(Object.values(graph).flat());
  return Object.keys(graph).filter(
    (file) =>
      /\.tsx?$/.test(file) &&
      !imported.has(file) &&
      !ROOTS.some((root) => (root.endsWith('/') ? file.startsWith(root) : file === root)),
  );
}

/** Where each app may reach in the repository (besides its own files and npm packages). */
export const APP_REACH = {
  'apps/web/': ['apps/web/', 'packages/core/', '@checkout/core'],
  'apps/api/': ['apps/api/', 'packages/core/', '@checkout/core'],
  'packages/core/': ['packages/core/'],
};
const OURS = ['@checkout/', 'apps/', 'packages/'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/**
 * Imports across the apps' boundaries (DESIGN: web → core, api → core, web → api over HTTP only,
 * core imports nothing of ours): `file -> target` for each, given each file's text.
 */
export function crossAppImports(files) {
  const found = [];
  for (const [file, text] of Object.entries(files)) {
    const app = Object.keys(APP_REACH).find((prefix) => file.startsWith(prefix));
    if (!app) continue;
    for (const [, specifier] of text.matchAll(SPECIFIER)) {
      const target = specifier.startsWith('.')
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
        : specifier;
      if (!OURS.some((prefix) => target.startsWith(prefix))) continue;
      if (!APP_REACH[app].some((prefix) => target.startsWith(prefix)))
        found.push(`${file} -> ${target}`);
    }
  }
  return found;
}

/** The source of the web app, the api and core (tests left out), with each file's text. */
export async function appSources() {
  const files = {};
  const patterns = [
    'apps/web/src/**/*.{ts,tsx}',
    'apps/api/src/**/*.{ts,tsx}',
    'packages/core/src/**/*.ts',
  ];
  for (const pattern of patterns) {
    for await (const file of glob(pattern, { cwd: ROOT })) {
      if (TESTS.some((test) => test.test(file))) continue;
      files[file] = await readFile(path.join(ROOT, file), 'utf8');
    }
  }
  return files;
}
