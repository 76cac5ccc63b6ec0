// First-load JavaScript per page of the web app's production build, and its comparison with
// the budgets committed in bench/page-budgets.json.
//
// Measured from the build's own records rather than from pages served: every app route has a
// client reference manifest (.next/server/app/<route>/page_client-reference-manifest.js) whose
// entryJSFiles list the chunks of each segment of its tree (layouts, page, loading, error,
// not-found, global-error), and build-manifest.json lists the runtime chunks every page loads
// (rootMainFiles). Their union is exactly the set of <script src> the server writes into the
// page's HTML (checked against /payment/, /pending/ and /; the nomodule polyfills, which modern
// browsers skip, aside), but for the global not-found screen: every manifest lists it, and only
// an unknown address renders it (/payment/'s HTML loads none of its own chunks). It needs no
// running api, database or data, so it cannot flake.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/** A page may grow this much over its budget before the check fails. */
export const TOLERANCE = 0.05;

/**
 * Zod leaves its error class's name in any bundle that holds it. Schemas validate at the server's
 * boundaries; in the browser they cost about 35 KB (gzip) of the first load, so a page that
 * needs one loads it on use (apps/web/src/components/payments/frame-messages.ts).
 */
const ZOD_MARKER = 'ZodError';

/** The segment of app/global-not-found.tsx, the 404 screen (next.config's globalNotFound). */
const GLOBAL_NOT_FOUND = '/app/global-not-found';

function clientManifestOf(nextDir, page) {
  const file = path.join(nextDir, 'server/app', `${page}_client-reference-manifest.js`);
  if (!existsSync(file)) return undefined;
  // The file assigns globalThis.__RSC_MANIFEST[page]; run it in a sandbox of its own.
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, 'utf8'), sandbox);
  return sandbox.__RSC_MANIFEST?.[page];
}

/**
 * Route (as the build names it, e.g. `/[locale]/payment`) → gzip bytes of the JavaScript its
 * first load fetches, for every page route of the build (route handlers have no page).
 */
export function measureFirstLoadJs(nextDir) {
  const buildManifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'));
  const routes = JSON.parse(
    readFileSync(path.join(nextDir, 'app-path-routes-manifest.json'), 'utf8'),
  );
  const chunkFacts = new Map();
  const factsOf = (chunk) => {
    if (!chunkFacts.has(chunk)) {
      const bytes = readFileSync(path.join(nextDir, chunk));
      chunkFacts.set(chunk, {
        gzip: gzipSync(bytes, { level: 9 }).length,
        zod: bytes.includes(ZOD_MARKER),
      });
    }
    return chunkFacts.get(chunk);
  };
  const pages = {};
  for (const [entry, route] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    if (!entry.endsWith('/page')) continue;
    const manifest = clientManifestOf(nextDir, entry);
    if (!manifest) continue;
    const chunks = new Set(buildManifest.rootMainFiles);
    for (const [segment, files] of Object.entries(manifest.entryJSFiles ?? {})) {
      if (segment.endsWith(GLOBAL_NOT_FOUND) && route !== '/_not-found') continue;
      for (const file of files) chunks.add(file);
    }
    pages[route] = {
      jsGzipBytes: [...chunks].reduce((sum, chunk) => sum + factsOf(chunk).gzip, 0),
      chunks: chunks.size,
      zod: [...chunks].some((chunk) => factsOf(chunk).zod),
    };
  }
  return pages;
}

/**
 * Compares measured sizes with budgets. A page fails when it is more than `tolerance` over its
 * budget, when it has no budget at all (so a new page is weighed on purpose), or when its first
 * load ships zod; a budgeted page
 * the build no longer has is only reported.
 */
export function comparePageBudgets(measured, budgets, tolerance = TOLERANCE) {
  const rows = [];
  const failures = [];
  for (const [route, { jsGzipBytes, zod }] of Object.entries(measured)) {
    if (zod) {
      failures.push(
        `${route}: its first load ships zod; validate on the server, or import the schema on use (dynamic import)`,
      );
    }
    const budget = budgets[route];
    if (budget === undefined) {
      rows.push({ route, jsGzipBytes, budget: null, overBy: null, status: 'unbudgeted' });
      failures.push(
        `${route}: ${jsGzipBytes} B of first-load JS (gzip) and no budget in bench/page-budgets.json; add one with \`node scripts/check-page-budgets.mjs --write\``,
      );
      continue;
    }
    const overBy = jsGzipBytes / budget - 1;
    const over = overBy > tolerance;
    rows.push({
      route,
      jsGzipBytes,
      budget,
      overBy: Number(overBy.toFixed(4)),
      status: over ? 'over' : 'ok',
    });
    if (over) {
      failures.push(
        `${route}: ${jsGzipBytes} B of first-load JS (gzip), ${(overBy * 100).toFixed(1)} % over its budget of ${budget} B (at most ${Math.round(tolerance * 100)} % allowed)`,
      );
    }
  }
  for (const route of Object.keys(budgets)) {
    if (!(route in measured)) {
      rows.push({ route, jsGzipBytes: null, budget: budgets[route], overBy: null, status: 'gone' });
    }
  }
  return { ok: failures.length === 0, rows, failures };
}
