/**
 * Where the render pool's worker code is, and the Node flags it needs: its TypeScript source,
 * through tsx, when the api runs from source (tests, development). scripts/api-build.mjs puts
 * the bundle's own worker (dist/render-worker.js) in this module's place.
 */
export const renderWorker = {
  url: new URL('./render-worker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};
