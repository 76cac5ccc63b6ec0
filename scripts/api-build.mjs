// The api's production build: apps/api/src bundled by esbuild into apps/api/dist/main.js, with
// @checkout/core inside and every npm package left to node_modules. Built when older than its
// sources, like the web app (web-build.mjs); `npm start` and the benches run it with plain Node.
//   node scripts/api-build.mjs      builds when the sources changed
// Each module's import.meta.url is its source file's URL, so the paths the api reads relative
// to its sources (drizzle migrations, data/, the billing catalogs, fonts) stay where they are
// (docs/decisions/010-compiled-api.md).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { newestMtime, root } from './web-build.mjs';

const apiDir = path.join(root, 'apps/api');
export const apiEntry = path.join(apiDir, 'dist/main.js');
/** Billing's render worker (modules/billing/render-worker.ts): a bundle of its own, beside main.js. */
const WORKER_FILE = 'render-worker.js';
const sources = [
  'apps/api/src',
  'apps/api/package.json',
  'packages/core/src',
  'scripts/api-build.mjs',
  'package-lock.json',
];
const ownSource = /\/(apps\/api|packages\/core)\/src\/.*\.tsx?$/;

export function apiNeedsBuild() {
  if (!existsSync(apiEntry) || !existsSync(path.join(path.dirname(apiEntry), WORKER_FILE)))
    return true;
  const built = statSync(apiEntry).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Our TypeScript is bundled; a bare import of anything but @checkout/* stays an import. Each of
 * our modules' import.meta.url becomes its source file's, found from the bundle's at run time.
 */
const layout = (outfile) => ({
  name: 'checkout-layout',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@checkout/') ? undefined : { path: args.path, external: true },
    );
    on.onLoad({ filter: ownSource }, (args) => {
      const relative = JSON.stringify(path.relative(path.dirname(outfile), args.path));
      const own = `new URL(${relative}, import.meta.url).href`;
      const contents = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', own);
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
    // The render pool starts the bundle's worker, beside the bundle, with the api's own flags.
    on.onResolve({ filter: /^\.\/render-worker-url$/ }, () => ({
      path: 'render-worker-url',
      namespace: 'checkout-bundle',
    }));
    on.onLoad({ filter: /.*/, namespace: 'checkout-bundle' }, () => ({
      contents: `export const renderWorker = { url: new URL('./${WORKER_FILE}', import.meta.url), execArgv: undefined };`,
      loader: 'js',
    }));
  },
});

/**
 * `outfile`: where the bundle goes (apps/api/dist/main.js unless set; tests build elsewhere), with
 * the render worker's bundle beside it.
 */
export async function buildApi(outfile = apiEntry) {
  const bundle = (entry, out) =>
    build({
      entryPoints: [path.join(apiDir, entry)],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      sourcemap: 'linked',
      jsx: 'automatic',
      logLevel: 'warning',
      plugins: [layout(out)],
    });
  await Promise.all([
    bundle('src/main.ts', outfile),
    bundle('src/modules/billing/render-worker.ts', path.join(path.dirname(outfile), WORKER_FILE)),
  ]);
}

/** Builds when the sources changed since the last build; exits the process when it fails. */
export async function buildApiIfNeeded(tag) {
  if (!apiNeedsBuild()) return;
  console.log(`[${tag}] building the api…`);
  try {
    await buildApi();
  } catch {
    // esbuild has printed the errors
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildApiIfNeeded('build');
