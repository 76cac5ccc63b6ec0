/**
 * Where the render pool's worker code is, and the Node flags it starts with: its TypeScript
 * source, through tsx, when the api runs from source (tests, development). scripts/api-build.mjs
 * puts the bundle's own worker (dist/render-worker.js) in this module's place, started with the
 * api's own flags (source maps, a profiler).
 */
export const renderWorker: { url: URL; execArgv: string[] | undefined } = {
  url: new URL('./render-worker.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};
